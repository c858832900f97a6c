/**
 * The structure tree of a tagged PDF (PDF/UA style): H1, H2, P and L/LI/Lbl/LBody elements that
 * point to marked content on the pages; decorative drawings and running headers/footers are
 * marked as artifacts.
 */
import { PDFName, PDFNumber, PDFOperator, PDFOperatorNames } from 'pdf-lib';

/**
 * The structure tree of a tagged PDF, built alongside the drawing. Every drawing of real content
 * goes through `tag(page, element, draw)`, which wraps what `draw` pushes into the page's content
 * stream in a marked-content sequence (`/H1 <</MCID n>> BDC … EMC`) and links that MCID to the
 * structure element; everything else goes through `artifact(page, draw)` (`/Artifact BMC … EMC`).
 */
export function structureTree(pdf) {
  const { context } = pdf;
  const rootRef = context.nextRef();
  /** Per page: the structure element of each MCID (index = MCID), for the parent tree. */
  const pages = new Map();

  const element = (type, parent, extra = {}) => {
    const ref = context.nextRef();
    const kids = context.obj([]);
    const dict = context.obj({ Type: 'StructElem', S: type, P: parent?.ref ?? rootRef, K: kids, ...extra });
    context.assign(ref, dict);
    parent?.kids.push(ref);
    return { ref, dict, kids, type, page: undefined };
  };
  const documentElement = element('Document', undefined);

  const pageEntry = (page) => {
    let entry = pages.get(page.ref.toString());
    if (!entry) {
      entry = { page, index: pages.size, parents: [] };
      pages.set(page.ref.toString(), entry);
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(entry.index));
    }
    return entry;
  };

  const tag = (page, target, draw) => {
    const entry = pageEntry(page);
    const mcid = entry.parents.length;
    entry.parents.push(target.ref);
    page.pushOperators(
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
        PDFName.of(target.type),
        context.obj({ MCID: mcid }),
      ]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    if (!target.page) {
      target.page = page;
      target.dict.set(PDFName.of('Pg'), page.ref);
    }
    target.kids.push(
      target.page === page ? PDFNumber.of(mcid) : context.obj({ Type: 'MCR', Pg: page.ref, MCID: mcid }),
    );
  };

  /** `kind`: undefined for decoration, or 'Header'/'Footer' for running page furniture. */
  const artifact = (page, draw, kind) => {
    page.pushOperators(
      kind
        ? PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
            PDFName.of('Artifact'),
            context.obj({ Type: 'Pagination', Subtype: kind }),
          ])
        : PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  };

  /** Writes the tree into the catalog; call after the last drawing. */
  const finish = () => {
    const nums = [];
    for (const { index, parents } of pages.values())
      nums.push(PDFNumber.of(index), context.register(context.obj(parents)));
    const parentTree = context.register(context.obj({ Nums: nums }));
    context.assign(
      rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: documentElement.ref,
        ParentTree: parentTree,
        ParentTreeNextKey: pages.size,
      }),
    );
    pdf.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    pdf.catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  };

  return { document: documentElement, element, tag, artifact, finish };
}
