//! The crate's layout, checked from its source: no import cycle between files (a file that needs another
//! which needs it back is one job split badly, and cycles only grow), and the engine depending on nothing
//! above it. The check reads `src/` itself: every `use` tree and every `crate::`, `super::` and `self::`
//! path in the code (not in comments, strings or `#[cfg(test)]` modules), each resolved to the file that
//! defines it, following re-exports (`pub use`) so that a facade like `engine/mod.rs` is not mistaken for
//! the file that holds the item. A `pub use` is a facade, not a dependency of its file's own code.
//! Glob re-exports (`pub use x::*`) are not followed; the crate has none in `src/engine` or `src/web`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Folders (under `src/`) that must hold no cycle between their files.
const CHECKED: &[&str] = &["engine", "web", "app", "store"];

/// Cycles that exist today outside [`CHECKED`], each as the files' module paths. Nothing else may form
/// anywhere in the crate, and each entry must still exist: when one is broken, delete it here, and once a
/// folder holds none, add the folder to [`CHECKED`] (the three web cycles issue 18 names went with the
/// use-case layer, and `web` and `app` joined it; `store` joined once the values its history records
/// moved to leaf `values` modules); the lead decides on `league`.
const KNOWN_CYCLES: &[&[&str]] = &[
    // Not named in issue 18: a parent module and its child using each other.
    &["league::swiss", "league::swiss::field"],
    &["league::matching::blossom", "league::matching::certificate"],
];

/// What the use cases may name: the store, the league and the engine below them, never the web above
/// them nor the language type (a refusal is a value; `web/text` says it).
const APP_MAY_USE: &[&str] = &["app", "engine", "league", "outcome", "store"];

/// What the engine (the game, pure) may name outside itself.
const ENGINE_MAY_USE: &[&str] = &["characters", "engine", "lang", "outcome"];

#[test]
fn no_file_cycle_in_the_checked_folders() {
    let crate_ = Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    for folder in CHECKED {
        let cycles = crate_.cycles(|m| under(m, folder));
        assert!(cycles.is_empty(), "import cycles in src/{folder}:\n{}", crate_.explain(&cycles));
    }
}

/// Folders whose sub-folders and files (each taken whole: `app/season/*` is one node, `app/rounds.rs`
/// another) must hold no cycle between them either: `app::season` using `app::rounds` which uses
/// `app::season` back is a cycle no file-level check sees when the files involved differ.
const FOLDER_CHECKED: &[&str] = &["app", "store"];

#[test]
fn no_folder_cycle_in_app_and_store() {
    let crate_ = Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let mut found = String::new();
    for folder in FOLDER_CHECKED {
        let folders = crate_.collapsed(folder.split('/').count() + 1);
        let cycles = folders.cycles(|m| under(m, folder));
        if !cycles.is_empty() {
            found.push_str(&format!("folder cycles in src/{folder}:\n{}", folders.explain(&cycles)));
        }
    }
    assert!(found.is_empty(), "{found}");
}

#[test]
fn elsewhere_only_the_known_cycles() {
    let crate_ = Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let found: Vec<BTreeSet<String>> = crate_.cycles(|_| true).iter().map(|c| names(c)).collect();
    let known: Vec<BTreeSet<String>> =
        KNOWN_CYCLES.iter().map(|c| c.iter().map(|s| (*s).to_string()).collect()).collect();
    let new: Vec<&BTreeSet<String>> = found.iter().filter(|c| !known.contains(c)).collect();
    assert!(new.is_empty(), "new import cycles: {new:?}\n{}", crate_.explain(&crate_.cycles(|_| true)));
    let gone: Vec<&BTreeSet<String>> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(gone.is_empty(), "cycles broken at last: delete them from KNOWN_CYCLES: {gone:?}");
}

#[test]
fn the_engine_depends_on_nothing_above_it() {
    let crate_ = Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let mut wrong = Vec::new();
    for (module, deps) in &crate_.edges {
        if module.first().map(String::as_str) == Some("engine") {
            for (dep, why) in deps {
                if !dep.first().is_some_and(|top| ENGINE_MAY_USE.contains(&top.as_str())) {
                    wrong.push(format!("{} -> {} ({why:?})", module.join("::"), dep.join("::")));
                }
            }
        }
        if module == &["lang"] && !deps.is_empty() {
            wrong.push(format!("lang -> {:?} (the language type names nothing of the crate)", deps.keys()));
        }
    }
    assert!(wrong.is_empty(), "the engine reaches above itself:\n{}", wrong.join("\n"));
}

#[test]
fn the_use_cases_depend_on_nothing_above_them() {
    let crate_ = Crate::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let mut wrong = Vec::new();
    for (module, deps) in &crate_.edges {
        if module.first().map(String::as_str) == Some("app") {
            for (dep, why) in deps {
                if !dep.first().is_some_and(|top| APP_MAY_USE.contains(&top.as_str())) {
                    wrong.push(format!("{} -> {} ({why:?})", module.join("::"), dep.join("::")));
                }
            }
        }
    }
    assert!(crate_.edges.keys().any(|m| m.first().map(String::as_str) == Some("app")), "src/app was read");
    assert!(wrong.is_empty(), "the use cases reach above themselves:\n{}", wrong.join("\n"));
}

/// The checker itself, on made-up files: it must see a cycle through a re-export, and must not see one
/// written in a comment, a string or a test module.
#[test]
fn the_checker_sees_cycles_and_only_real_ones() {
    let files = |y: &str| {
        Crate::from_files(vec![
            ("a/mod.rs".into(), "mod x;\nmod y;\npub use x::X;\npub use y::{Y as Why};\n".into()),
            ("a/x.rs".into(), "use super::Why;\npub struct X(Why);\n".into()),
            ("a/y.rs".into(), y.into()),
            ("b.rs".into(), "pub fn f() -> crate::a::X { todo!() }\n".into()),
        ])
    };
    let real = files("pub struct Y;\nfn g() -> usize { std::mem::size_of::<crate::a::X>() }\n");
    assert_eq!(
        real.cycles(|_| true).iter().map(|c| names(c)).collect::<Vec<_>>(),
        vec![set(&["a::x", "a::y"])]
    );
    assert_eq!(
        real.edges[&path("b")].keys().collect::<Vec<_>>(),
        vec![&path("a::x")],
        "through the re-export"
    );
    let use_tree = files("use crate::{a::{self as top, X}, b};\npub struct Y;\n");
    assert_eq!(use_tree.cycles(|_| true).len(), 1, "a nested use tree");
    assert_eq!(use_tree.cycles(|m| !under(m, "a/x")).len(), 0, "only the files kept count");
    let not_code = files(
        "// use super::x::X;\n/* crate::a::X */\npub struct Y;\nconst S: &str = \"super::x::X\";\n\
         const C: char = '{';\n#[cfg(test)]\nmod tests {\n    use super::super::x::X;\n    fn f() { let _ = '}'; }\n}\n",
    );
    assert!(not_code.cycles(|_| true).is_empty(), "{}", not_code.explain(&not_code.cycles(|_| true)));
}

/// The folder-level check on made-up files: two folders using each other through different files
/// form no file cycle but one folder cycle; a folder's own files using each other are not one.
#[test]
fn the_folder_check_sees_folders_that_need_each_other() {
    let files = |back: &str| {
        Crate::from_files(vec![
            ("app/mod.rs".into(), "pub mod x;\npub mod y;\npub mod z;\n".into()),
            ("app/x/mod.rs".into(), "pub mod p;\npub mod r;\n".into()),
            ("app/x/p.rs".into(), "use crate::app::y::q::Q;\npub struct P(Q);\n".into()),
            ("app/x/r.rs".into(), "pub struct R;\n".into()),
            ("app/y/mod.rs".into(), "pub mod q;\n".into()),
            ("app/y/q.rs".into(), format!("{back}pub struct Q;\n")),
            ("app/z.rs".into(), "pub struct Z;\n".into()),
        ])
    };
    let folders =
        |c: &Crate| c.collapsed(2).cycles(|m| under(m, "app")).iter().map(|c| names(c)).collect::<Vec<_>>();
    let back = files("fn f() -> crate::app::x::r::R { todo!() }\n");
    assert!(back.cycles(|_| true).is_empty(), "no file cycle: {}", back.explain(&back.cycles(|_| true)));
    assert_eq!(folders(&back), vec![set(&["app::x", "app::y"])]);
    let one_way = files("use crate::app::z::Z;\n");
    assert!(folders(&one_way).is_empty(), "x -> y -> z is one way");
}

/// Every history row is written by the store's transaction helper: no other file's code inserts
/// into the table (a module that did would name history's columns and bypass `Conn::record`).
#[test]
fn history_rows_are_written_in_one_place() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut writers = Vec::new();
    let mut dirs = vec![src.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src readable") {
            let p = entry.expect("entry").path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&p).expect("source readable");
                let code = text.split("#[cfg(test)]").next().unwrap_or("");
                if code.to_uppercase().contains("INSERT INTO HISTORY") {
                    writers
                        .push(p.strip_prefix(&src).expect("under src").to_string_lossy().replace('\\', "/"));
                }
            }
        }
    }
    assert_eq!(writers, vec!["store/transaction.rs".to_string()]);
}

/// Templates name no Rust path of the crate: a page receives what it shows from its view struct
/// (values, view enums and methods defined in `web`), so a template never reaches into the store,
/// the engine or the league (`crate::store::rounds::Status::Draft`) nor calls a module's function.
#[test]
fn templates_name_no_crate_path() {
    let mut found = Vec::new();
    for (rel, text) in templates() {
        for (n, line) in text.lines().enumerate() {
            if line.contains("crate::") {
                found.push(format!("templates/{rel}:{}", n + 1));
            }
        }
    }
    assert!(found.is_empty(), "templates naming crate:: paths:\n{}", found.join("\n"));
}

/// Without `crate::` a template can still name a type the view struct's module imported
/// (`{% when Status::Draft %}` with `use crate::store::rounds::Status`). Every type a template names
/// (`Name::Variant`) is one of `web`'s view enums, and its name is no enum's or struct's below the web
/// (`app`, `store`, `league`, `engine`, `outcome`), so the name cannot be a lower layer's type imported
/// under it: the page's own enum is converted with `From` where the view struct is built. (Aliases
/// and traits below do not count: neither has variants, and the store's mail hook `Compose` is an
/// alias that shares its name with the picker's view enum.)
#[test]
fn templates_name_only_the_view_enums_of_web() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let web = type_names(&src.join("web"), &["struct", "enum", "type", "trait"]);
    let mut below = BTreeSet::new();
    for lower in ["app", "store", "league", "engine", "outcome.rs"] {
        below.extend(type_names(&src.join(lower), &["struct", "enum"]));
    }
    assert!(web.contains("GameStands") && below.contains("Phase"), "the types were read");
    let mut found = BTreeSet::new();
    let mut named = 0;
    for (rel, text) in templates() {
        for name in paths_named(&text) {
            named += 1;
            if below.contains(&name) {
                found.insert(format!("templates/{rel}: {name} is a type below the web"));
            } else if !web.contains(&name) {
                found.insert(format!("templates/{rel}: {name} is no type of the web"));
            }
        }
    }
    assert!(named > 50, "the templates' paths were read ({named})");
    assert!(
        found.is_empty(),
        "templates naming types not of the web:\n{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_template_scan_finds_the_type_before_each_path() {
    let text =
        "{% match s %}{% when Status::Draft %}x{% when RoundState::Locked %}{% endmatch %} a::b https://x";
    assert_eq!(paths_named(text), ["Status", "RoundState", "a"]);
}

/// Every template's path (under `templates/`) and text.
fn templates() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut out = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("templates readable") {
            let p = entry.expect("entry").path();
            if p.is_dir() {
                dirs.push(p);
                continue;
            }
            let text = std::fs::read_to_string(&p).expect("template readable");
            let rel = p.strip_prefix(&root).expect("under templates").to_string_lossy().replace('\\', "/");
            out.push((rel, text));
        }
    }
    assert!(out.len() > 10, "the templates were read ({} files)", out.len());
    out.sort();
    out
}

/// The identifier before each `::` of a text (`Status` of `Status::Draft`).
fn paths_named(text: &str) -> Vec<String> {
    text.match_indices("::")
        .filter_map(|(i, _)| {
            let before: String =
                text[..i].chars().rev().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            (!before.is_empty()).then(|| before.chars().rev().collect())
        })
        .collect()
}

/// The names of the items of these kinds (`struct`, `enum`, `type`, `trait`) defined in a file or
/// folder's `.rs` files.
fn type_names(path: &Path, kinds: &[&str]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut files = vec![path.to_path_buf()];
    while let Some(p) = files.pop() {
        if p.is_dir() {
            files.extend(std::fs::read_dir(&p).expect("source readable").map(|e| e.expect("entry").path()));
            continue;
        }
        if p.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&p).expect("source readable");
        for line in text.lines() {
            let mut words =
                line.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty());
            while let Some(w) = words.next() {
                if kinds.contains(&w) {
                    if let Some(name) =
                        words.next().filter(|n| n.starts_with(|c: char| c.is_ascii_uppercase()))
                    {
                        out.insert(name.to_string());
                    }
                    break;
                }
                if !matches!(w, "pub" | "crate" | "super" | "in" | "self") {
                    break;
                }
            }
        }
    }
    out
}

/// The module is the folder's or inside it (`engine/notation` holds `engine::notation::parse`).
fn under(module: &[String], folder: &str) -> bool {
    let folder: Vec<&str> = folder.split('/').collect();
    module.len() >= folder.len() && module.iter().zip(&folder).all(|(m, f)| m == f)
}

fn path(s: &str) -> Vec<String> {
    s.split("::").map(str::to_string).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| (*s).to_string()).collect()
}

fn names(cycle: &[Vec<String>]) -> BTreeSet<String> {
    cycle.iter().map(|m| m.join("::")).collect()
}

/// A module's path from the crate root (`["engine", "state"]`; the root is `[]`).
type Module = Vec<String>;

/// The crate's files as a graph: which file's code names which other file, and by what path.
struct Crate {
    /// Module -> the modules it uses, each with one path that does it (for the failure message).
    edges: BTreeMap<Module, BTreeMap<Module, String>>,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut files = Vec::new();
        let mut dirs = vec![src.to_path_buf()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("src readable") {
                let p = entry.expect("entry").path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.extension().is_some_and(|e| e == "rs") {
                    let rel: PathBuf = p.strip_prefix(src).expect("under src").to_path_buf();
                    // The binary is a crate of its own.
                    if rel != Path::new("main.rs") {
                        let text = std::fs::read_to_string(&p).expect("source readable");
                        files.push((rel.to_string_lossy().replace('\\', "/"), text));
                    }
                }
            }
        }
        Crate::from_files(files)
    }

    fn from_files(files: Vec<(String, String)>) -> Crate {
        let parsed: BTreeMap<Module, Vec<Use>> =
            files.iter().map(|(rel, text)| (module_of(rel), uses(&tokens(text)))).collect();
        let modules: BTreeSet<Module> = parsed.keys().cloned().collect();
        // Module -> name -> the path it re-exports.
        let reexports: BTreeMap<Module, BTreeMap<String, Vec<String>>> = parsed
            .iter()
            .map(|(m, us)| {
                let named = us
                    .iter()
                    .filter(|u| u.facade)
                    .filter_map(|u| Some((u.name.clone()?, absolute(&modules, m, &u.path)?)))
                    .collect();
                (m.clone(), named)
            })
            .collect();
        let resolve = |path: &[String]| -> Option<Module> {
            let mut path = path.to_vec();
            for _ in 0..16 {
                let k = (1..=path.len()).rev().find(|&k| modules.contains(&path[..k]))?;
                let module = path[..k].to_vec();
                match path.get(k).and_then(|name| reexports[&module].get(name)) {
                    Some(target) => path = target.iter().chain(&path[k + 1..]).cloned().collect(),
                    None => return Some(module),
                }
            }
            None
        };
        let edges = parsed
            .iter()
            .map(|(m, us)| {
                let deps = us
                    .iter()
                    .filter(|u| !u.facade)
                    .filter_map(|u| {
                        let target = resolve(&absolute(&modules, m, &u.path)?)?;
                        (&target != m).then(|| (target, u.path.join("::")))
                    })
                    .collect();
                (m.clone(), deps)
            })
            .collect();
        Crate { edges }
    }

    /// The same graph with every module cut to its first `depth` parts (`app::season::close` ->
    /// `app::season` at depth 2): a folder and its files become one node, edges inside it vanish.
    fn collapsed(&self, depth: usize) -> Crate {
        let cut = |m: &Module| m.iter().take(depth).cloned().collect::<Module>();
        let mut edges: BTreeMap<Module, BTreeMap<Module, String>> = BTreeMap::new();
        for (m, deps) in &self.edges {
            let from = cut(m);
            let entry = edges.entry(from.clone()).or_default();
            for (dep, why) in deps {
                let to = cut(dep);
                if to != from {
                    entry.entry(to).or_insert_with(|| format!("{}: {why}", m.join("::")));
                }
            }
        }
        Crate { edges }
    }

    /// The cycles (strongly connected sets of two or more files) among the modules `keep` selects.
    fn cycles(&self, keep: impl Fn(&[String]) -> bool) -> Vec<Vec<Module>> {
        let nodes: Vec<&Module> = self.edges.keys().filter(|m| keep(m)).collect();
        let index: BTreeMap<&Module, usize> = nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
        let next: Vec<Vec<usize>> = nodes
            .iter()
            .map(|m| self.edges[*m].keys().filter_map(|d| index.get(d).copied()).collect())
            .collect();
        // Tarjan's strongly connected components, iteratively.
        let n = nodes.len();
        let (mut order, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
        let (mut stack, mut found, mut counter) = (Vec::new(), Vec::new(), 0);
        for root in 0..n {
            if order[root] != usize::MAX {
                continue;
            }
            let mut work = vec![(root, 0)];
            while let Some(&(v, edge)) = work.last() {
                if order[v] == usize::MAX {
                    order[v] = counter;
                    low[v] = counter;
                    counter += 1;
                    stack.push(v);
                    on_stack[v] = true;
                }
                if let Some(&w) = next[v].get(edge) {
                    if let Some(top) = work.last_mut() {
                        top.1 += 1;
                    }
                    if order[w] == usize::MAX {
                        work.push((w, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(order[w]);
                    }
                    continue;
                }
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == order[v] {
                    let mut component = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        component.push(nodes[w].clone());
                        if w == v {
                            break;
                        }
                    }
                    if component.len() > 1 {
                        component.sort();
                        found.push(component);
                    }
                }
            }
        }
        found.sort();
        found
    }

    /// Each cycle's files and the paths that tie them.
    fn explain(&self, cycles: &[Vec<Module>]) -> String {
        let mut out = String::new();
        for cycle in cycles {
            out.push_str(&format!("cycle {:?}\n", names(cycle)));
            for m in cycle {
                for (dep, why) in &self.edges[m] {
                    if cycle.contains(dep) {
                        out.push_str(&format!("  {} -> {} ({why})\n", m.join("::"), dep.join("::")));
                    }
                }
            }
        }
        out
    }
}

/// `engine/state.rs` -> `engine::state`; `engine/mod.rs` -> `engine`; `lib.rs` -> the root.
fn module_of(rel: &str) -> Module {
    let mut parts: Vec<String> = rel.trim_end_matches(".rs").split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// A path the file's code names (from a `use` tree or written inline), as written.
#[derive(Debug)]
struct Use {
    path: Vec<String>,
    /// The name it is known by in the file (`None` for a glob or an inline path).
    name: Option<String>,
    /// A `pub use` or `pub(crate) use`: a re-export, not a dependency of the file's own code.
    facade: bool,
}

/// A path written in `module` made absolute from the crate root; `None` for another crate's (`std::`,
/// `serde::`) or an item's (`Stage::*`). A path may start at a child module (`use state::GameState`).
fn absolute(modules: &BTreeSet<Module>, module: &[String], path: &[String]) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "super" | "self" => {
            let mut base = module.to_vec();
            let mut rest = path;
            while let Some((head, tail)) = rest.split_first() {
                match head.as_str() {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = tail;
            }
            base.extend(rest.iter().cloned());
            Some(base)
        }
        _ => {
            let child: Module = module.iter().chain([first]).cloned().collect();
            modules.contains(&child).then(|| module.iter().chain(path).cloned().collect())
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// The file's code as identifiers and punctuation: comments, strings and character literals gone.
fn tokens(text: &str) -> Vec<Tok> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize, s: &str| s.chars().enumerate().all(|(k, c)| chars.get(i + k) == Some(&c));
    while i < chars.len() {
        let c = chars[i];
        if at(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if at(i, "/*") {
            let mut depth = 0;
            while i < chars.len() {
                if at(i, "/*") {
                    depth += 1;
                    i += 2;
                } else if at(i, "*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' || ((c == 'r' || c == 'b') && raw_string_at(&chars, i).is_some()) {
            i = string_end(&chars, i);
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{7f}') or a lifetime ('a).
            let close = if chars.get(i + 1) == Some(&'\\') {
                // An escape is two characters at least: the closing quote comes after them.
                (i + 3..chars.len()).find(|&k| chars[k] == '\'')
            } else {
                Some(i + 2).filter(|&k| chars.get(k) == Some(&'\''))
            };
            match close {
                Some(k) => i = k + 1,
                None => i += 1,
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(chars[start..i].iter().collect()));
        } else if at(i, "::") {
            out.push(Tok::Path);
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(Tok::Punct(c));
            }
            i += 1;
        }
    }
    without_test_modules(out)
}

/// `r"…"`, `r#"…"#`, `br"…"`: the number of `#`s, if a raw string starts at `i`.
fn raw_string_at(chars: &[char], i: usize) -> Option<usize> {
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    let mut k = i;
    if chars.get(k) == Some(&'b') {
        k += 1;
        if chars.get(k) == Some(&'"') {
            return Some(usize::MAX); // b"…": an ordinary string with a prefix
        }
    }
    if chars.get(k) != Some(&'r') {
        return None;
    }
    k += 1;
    let hashes = chars[k..].iter().take_while(|&&c| c == '#').count();
    (chars.get(k + hashes) == Some(&'"')).then_some(hashes)
}

/// The index after the string literal starting at `i`.
fn string_end(chars: &[char], i: usize) -> usize {
    match raw_string_at(chars, i) {
        Some(hashes) if hashes != usize::MAX => {
            let open = (i..chars.len()).find(|&k| chars[k] == '"').unwrap_or(chars.len()) + 1;
            let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            let close: Vec<char> = close.chars().collect();
            (open..chars.len())
                .find(|&k| chars[k..].starts_with(&close))
                .map_or(chars.len(), |k| k + close.len())
        }
        _ => {
            let mut k = (i..chars.len()).find(|&k| chars[k] == '"').unwrap_or(chars.len()) + 1;
            while k < chars.len() && chars[k] != '"' {
                k += if chars[k] == '\\' { 2 } else { 1 };
            }
            k + 1
        }
    }
}

/// The tokens without `#[cfg(test)]` modules and `use` items (tests may use whatever they test).
fn without_test_modules(toks: Vec<Tok>) -> Vec<Tok> {
    let word = |s: &str| Tok::Ident(s.to_string());
    let cfg_test = [
        Tok::Punct('#'),
        Tok::Punct('['),
        word("cfg"),
        Tok::Punct('('),
        word("test"),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if !toks[i..].starts_with(&cfg_test) {
            out.push(toks[i].clone());
            i += 1;
            continue;
        }
        i += cfg_test.len();
        // Skip the item: to its `;` or through its braces.
        let mut depth = 0;
        while i < toks.len() {
            match &toks[i] {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                Tok::Punct(';') if depth == 0 => {
                    i += 1;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
    }
    out
}

/// Every path the code names: `use` trees expanded, and inline paths starting at `crate`, `super` or
/// `self`.
fn uses(toks: &[Tok]) -> Vec<Use> {
    let ident = |i: usize| match toks.get(i) {
        Some(Tok::Ident(s)) => Some(s.as_str()),
        _ => None,
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if ident(i) == Some("use") {
            let facade = is_pub_before(toks, i);
            let end = (i..toks.len()).find(|&k| toks[k] == Tok::Punct(';')).unwrap_or(toks.len());
            use_tree(&toks[i + 1..end], &mut Vec::new(), facade, &mut out);
            i = end + 1;
            continue;
        }
        let starts_path = matches!(ident(i), Some("crate" | "super" | "self"))
            && toks.get(i + 1) == Some(&Tok::Path)
            && (i == 0 || toks[i - 1] != Tok::Path);
        if starts_path {
            let mut path = Vec::new();
            let mut k = i;
            while let Some(s) = ident(k) {
                path.push(s.to_string());
                if toks.get(k + 1) != Some(&Tok::Path) {
                    break;
                }
                k += 2;
            }
            out.push(Use { path, name: None, facade: false });
            i = k + 1;
            continue;
        }
        i += 1;
    }
    out
}

/// `pub use`, `pub(crate) use`, `pub(super) use`.
fn is_pub_before(toks: &[Tok], use_at: usize) -> bool {
    let Some(prev) = use_at.checked_sub(1) else { return false };
    match &toks[prev] {
        Tok::Ident(s) => s == "pub",
        Tok::Punct(')') => {
            let open = (0..prev).rev().find(|&k| toks[k] == Tok::Punct('('));
            open.and_then(|k| k.checked_sub(1)).is_some_and(|k| toks[k] == Tok::Ident("pub".into()))
        }
        _ => false,
    }
}

/// One `use` tree (`a::b::{c, d::{self as e}, f::*}`), each leaf a path with the name it brings in.
fn use_tree(toks: &[Tok], prefix: &mut Vec<String>, facade: bool, out: &mut Vec<Use>) {
    let depth_before = prefix.len();
    let mut i = 0;
    // Leading `::` (an extern crate path) names no file of ours.
    if toks.first() == Some(&Tok::Path) {
        return;
    }
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(s) if s == "as" => {
                let alias = match toks.get(i + 1) {
                    Some(Tok::Ident(a)) => a.clone(),
                    _ => String::new(),
                };
                if let Some(last) = out.last_mut() {
                    last.name = Some(alias);
                }
                i += 2;
            }
            Tok::Ident(s) => {
                prefix.push(s.clone());
                i += 1;
                if toks.get(i) == Some(&Tok::Path) {
                    i += 1;
                    continue;
                }
                // A leaf: `self` names the prefix itself.
                let mut path = prefix.clone();
                if path.last().map(String::as_str) == Some("self") && path.len() > 1 {
                    path.pop();
                }
                let name = path.last().cloned();
                out.push(Use { path, name, facade });
            }
            Tok::Punct('*') => {
                out.push(Use { path: prefix.clone(), name: None, facade });
                i += 1;
            }
            Tok::Punct('{') => {
                // The group runs to its matching brace; its items split at top-level commas.
                let mut depth = 0;
                let close = (i..toks.len())
                    .find(|&k| {
                        match toks[k] {
                            Tok::Punct('{') => depth += 1,
                            Tok::Punct('}') => depth -= 1,
                            _ => {}
                        }
                        depth == 0
                    })
                    .unwrap_or(toks.len());
                let inner = &toks[i + 1..close];
                let mut start = 0;
                let mut level = 0;
                for (k, t) in inner.iter().enumerate() {
                    match t {
                        Tok::Punct('{') => level += 1,
                        Tok::Punct('}') => level -= 1,
                        Tok::Punct(',') if level == 0 => {
                            use_tree(&inner[start..k], prefix, facade, out);
                            start = k + 1;
                        }
                        _ => {}
                    }
                }
                use_tree(&inner[start..], prefix, facade, out);
                i = close + 1;
            }
            _ => i += 1,
        }
    }
    prefix.truncate(depth_before);
}
