// RoadTrip's own lint rule: a script imports another asset by its relative name ("./shared.js"),
// the only form the server rewrites to the fingerprinted name (AssetCatalog), of a file that is
// there; and each name it imports from one is a name that file exports. Otherwise the browser
// finds out only when the page runs the import.
"use strict";

const fs = require("fs");
const path = require("path");

const ASSET = /^\.\/[A-Za-z0-9_-]+\.js$/;

/** The names `file` exports ("default" for its default export); null when it cannot be read. */
function exportedNames(file, parse) {
  let tree;
  try {
    tree = parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
  const names = new Set();
  for (const node of tree.body) {
    if (node.type === "ExportDefaultDeclaration") names.add("default");
    if (node.type !== "ExportNamedDeclaration") continue;
    for (const specifier of node.specifiers) names.add(specifier.exported.name);
    const declaration = node.declaration;
    if (!declaration) continue;
    if (declaration.id) names.add(declaration.id.name);
    for (const declarator of declaration.declarations || []) {
      if (declarator.id.type === "Identifier") names.add(declarator.id.name);
    }
  }
  return names;
}

module.exports = {
  meta: {
    type: "problem",
    docs: { description: "imports name an asset that is there, and names it exports" },
    schema: [],
  },
  create(context) {
    const folder = path.dirname(context.getFilename());
    const parser = require(context.parserPath);
    const parse = (text) => parser.parse(text, { ...context.parserOptions, ecmaVersion: 2022, sourceType: "module" });

    function check(node, source, imported) {
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      if (!ASSET.test(source.value)) {
        context.report({ node: source, message: `Import an asset by its relative name ("./name.js"), not "${source.value}".` });
        return;
      }
      const file = path.join(folder, source.value);
      if (!fs.existsSync(file)) {
        context.report({ node: source, message: `"${source.value}" is not among the assets.` });
        return;
      }
      const exported = exportedNames(file, parse);
      if (!exported) return; // its own parse error is reported where it is
      for (const name of imported) {
        if (!exported.has(name)) context.report({ node: source, message: `"${source.value}" exports no "${name}".` });
      }
    }

    return {
      ImportDeclaration(node) {
        check(node, node.source, node.specifiers.flatMap((specifier) => {
          if (specifier.type === "ImportDefaultSpecifier") return ["default"];
          if (specifier.type === "ImportSpecifier") return [specifier.imported.name];
          return []; // `* as name`
        }));
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source, node.specifiers.map((specifier) => specifier.local.name));
      },
      ExportAllDeclaration(node) {
        check(node, node.source, []);
      },
      ImportExpression(node) {
        check(node, node.source, []);
      },
    };
  },
};
