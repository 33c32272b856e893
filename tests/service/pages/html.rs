//! A small reader of the app's own HTML for the page objects: find elements by a simple selector
//! and read their attributes and text. No HTML parser is a dependency of the project; the pages
//! are our own templates (quoted attributes, every non-void element closed), which this reader
//! relies on — an element it cannot close is read to the end of the page.
//!
//! Selectors: compounds of `tag`, `#id`, `.class`, `[attr]` and `[attr=value]` (value quoted or
//! not), separated by spaces for descendants: `table#standings tr[data-player]`.

/// An element of a page: its tag, attributes and the HTML inside it.
#[derive(Clone)]
pub struct Element {
    pub tag: String,
    attrs: Vec<(String, String)>,
    pub inner: String,
    doc: std::rc::Rc<Doc>,
    /// The tags inside the element: `doc.tags[range.0..range.1]`.
    range: (usize, usize),
}

impl std::fmt::Debug for Element {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<{} {:?}>{}", self.tag, self.attrs, self.inner)
    }
}

/// Tags with no closing tag.
const VOID: &[&str] =
    &["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"];

/// Tags whose content is text, not markup.
const RAW: &[&str] = &["script", "style", "textarea", "title"];

#[derive(Debug)]
struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
    /// Byte offset of `<`.
    start: usize,
    /// Byte offset after `>`.
    end: usize,
    close: bool,
    self_closing: bool,
}

/// Every tag of `html` in order (comments and doctypes skipped, raw text not looked into).
fn tags(html: &str) -> Vec<Tag> {
    let bytes = html.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(off) = html[i..].find('<') {
        let start = i + off;
        let rest = &html[start..];
        if rest.starts_with("<!--") {
            i = rest.find("-->").map_or(html.len(), |e| start + e + 3);
            continue;
        }
        if rest.starts_with("<!") || rest.starts_with("<?") {
            i = rest.find('>').map_or(html.len(), |e| start + e + 1);
            continue;
        }
        let close = rest.starts_with("</");
        let mut j = start + if close { 2 } else { 1 };
        let name_start = j;
        while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'-' || bytes[j] == b':') {
            j += 1;
        }
        if j == name_start {
            // A `<` in text.
            i = start + 1;
            continue;
        }
        let name = html[name_start..j].to_ascii_lowercase();
        let mut attrs = Vec::new();
        let mut self_closing = false;
        loop {
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            if j >= bytes.len() {
                break;
            }
            match bytes[j] {
                b'>' => {
                    j += 1;
                    break;
                }
                b'/' => {
                    self_closing = true;
                    j += 1;
                    continue;
                }
                _ => {}
            }
            let a = j;
            while j < bytes.len()
                && !bytes[j].is_ascii_whitespace()
                && !matches!(bytes[j], b'=' | b'>' | b'/')
            {
                j += 1;
            }
            let attr = html[a..j].to_ascii_lowercase();
            let mut value = String::new();
            if j < bytes.len() && bytes[j] == b'=' {
                j += 1;
                if j < bytes.len() && (bytes[j] == b'"' || bytes[j] == b'\'') {
                    let q = bytes[j];
                    let v = j + 1;
                    let e = html[v..].find(q as char).map_or(html.len(), |e| v + e);
                    value = decode(&html[v..e]);
                    j = (e + 1).min(html.len());
                } else {
                    let v = j;
                    while j < bytes.len() && !bytes[j].is_ascii_whitespace() && bytes[j] != b'>' {
                        j += 1;
                    }
                    value = decode(&html[v..j]);
                }
            }
            if attr.is_empty() {
                j += 1;
            } else {
                self_closing = false;
                attrs.push((attr, value));
            }
        }
        let raw = !close && !self_closing && RAW.contains(&name.as_str());
        out.push(Tag { name: name.clone(), attrs, start, end: j, close, self_closing });
        i = j;
        if raw {
            // Skip to the closing tag; the text inside is not markup.
            let closing = format!("</{name}");
            i = html[j..].find(&closing).map_or(html.len(), |e| j + e);
        }
    }
    out
}

/// Text with the character references the templates write decoded.
pub fn decode(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(semi) = rest[..rest.len().min(12)].find(';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let name = &rest[1..semi];
        let c = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ if name.starts_with("#x") || name.starts_with("#X") => {
                u32::from_str_radix(&name[2..], 16).ok().and_then(char::from_u32)
            }
            _ if name.starts_with('#') => name[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// One compound selector: `tag#id.class[attr=value]`.
#[derive(Debug, Default)]
struct Compound {
    tag: Option<String>,
    id: Option<String>,
    classes: Vec<String>,
    attrs: Vec<(String, Option<String>)>,
}

fn parse_compound(s: &str) -> Compound {
    let mut c = Compound::default();
    let mut rest = s;
    let word_end = |r: &str| r.find(['#', '.', '[']).unwrap_or(r.len());
    let first = word_end(rest);
    if first > 0 {
        c.tag = Some(rest[..first].to_ascii_lowercase());
    }
    rest = &rest[first..];
    while !rest.is_empty() {
        let kind = rest.as_bytes()[0];
        rest = &rest[1..];
        match kind {
            b'#' | b'.' => {
                let e = word_end(rest);
                let word = rest[..e].to_string();
                if kind == b'#' {
                    c.id = Some(word);
                } else {
                    c.classes.push(word);
                }
                rest = &rest[e..];
            }
            b'[' => {
                let e = rest.find(']').unwrap_or_else(|| panic!("an unclosed [ in the selector {s}"));
                let inside = &rest[..e];
                match inside.split_once('=') {
                    Some((a, v)) => {
                        c.attrs.push((a.to_ascii_lowercase(), Some(v.trim_matches(['"', '\'']).to_string())))
                    }
                    None => c.attrs.push((inside.to_ascii_lowercase(), None)),
                }
                rest = &rest[e + 1..];
            }
            _ => panic!("the selector {s} is not one this reader knows"),
        }
    }
    c
}

impl Compound {
    fn matches(&self, t: &Tag) -> bool {
        let attr = |n: &str| t.attrs.iter().find(|(a, _)| a == n).map(|(_, v)| v.as_str());
        self.tag.as_ref().is_none_or(|tag| *tag == t.name)
            && self.id.as_ref().is_none_or(|id| attr("id") == Some(id.as_str()))
            && self
                .classes
                .iter()
                .all(|c| attr("class").is_some_and(|cl| cl.split_whitespace().any(|x| x == c)))
            && self.attrs.iter().all(|(a, v)| match (attr(a), v) {
                (Some(_), None) => true,
                (Some(have), Some(want)) => have == want,
                (None, _) => false,
            })
    }
}

/// A page tokenized once: its HTML and its tags, shared by the elements read from it.
struct Doc {
    html: String,
    tags: Vec<Tag>,
    /// For each opening tag, the index of its closing tag (`None` for void and unclosed ones).
    closes: Vec<Option<usize>>,
}

impl Doc {
    fn parse(html: &str) -> Doc {
        let tags = tags(html);
        let mut closes = vec![None; tags.len()];
        // Match closing tags to the nearest open tag of the same name.
        let mut open: Vec<usize> = Vec::new();
        for (k, t) in tags.iter().enumerate() {
            if t.close {
                if let Some(at) = open.iter().rposition(|&o| tags[o].name == t.name) {
                    closes[open[at]] = Some(k);
                    open.truncate(at);
                }
            } else if !t.self_closing && !VOID.contains(&t.name.as_str()) {
                open.push(k);
            }
        }
        Doc { html: html.to_string(), tags, closes }
    }
}

thread_local! {
    /// The last page read on this thread: page objects read one page many times.
    static LAST: std::cell::RefCell<Option<std::rc::Rc<Doc>>> = const { std::cell::RefCell::new(None) };
}

fn doc_of(html: &str) -> std::rc::Rc<Doc> {
    LAST.with(|last| {
        if let Some(d) = last.borrow().as_ref()
            && d.html == html
        {
            return d.clone();
        }
        let d = std::rc::Rc::new(Doc::parse(html));
        *last.borrow_mut() = Some(d.clone());
        d
    })
}

/// The elements of `doc` among tags `from..to` matching one compound selector, in document order
/// (nested matches too).
fn select_in(doc: &std::rc::Rc<Doc>, from: usize, to: usize, sel: &Compound) -> Vec<Element> {
    let mut out = Vec::new();
    for k in from..to {
        let t = &doc.tags[k];
        if t.close || !sel.matches(t) {
            continue;
        }
        let (inner, end) = match doc.closes[k] {
            Some(c) => (doc.html[t.end..doc.tags[c].start].to_string(), c),
            None if t.self_closing || VOID.contains(&t.name.as_str()) => (String::new(), k + 1),
            // Unclosed: read to the end of the page.
            None => (doc.html[t.end.min(doc.html.len())..].to_string(), doc.tags.len()),
        };
        out.push(Element {
            tag: t.name.clone(),
            attrs: t.attrs.clone(),
            inner,
            doc: doc.clone(),
            range: (k + 1, end.max(k + 1)),
        });
    }
    out
}

/// The elements of `html` matching `selector`, in document order.
pub fn select(html: &str, selector: &str) -> Vec<Element> {
    let doc = doc_of(html);
    let len = doc.tags.len();
    select_from(&doc, 0, len, selector)
}

fn select_from(doc: &std::rc::Rc<Doc>, from: usize, to: usize, selector: &str) -> Vec<Element> {
    let mut parts = selector.split_whitespace();
    let first = parse_compound(parts.next().expect("a selector"));
    let mut found = select_in(doc, from, to, &first);
    for part in parts {
        let c = parse_compound(part);
        let mut next: Vec<Element> = Vec::new();
        for e in &found {
            for m in select_in(doc, e.range.0, e.range.1, &c) {
                // An element inside two matches is found once.
                if !next.iter().any(|n| n.range == m.range) {
                    next.push(m);
                }
            }
        }
        found = next;
    }
    found
}

/// The first element matching `selector`, if any.
pub fn first(html: &str, selector: &str) -> Option<Element> {
    select(html, selector).into_iter().next()
}

/// The first element matching `selector`; a failed test (showing the page) when there is none.
pub fn one(html: &str, selector: &str) -> Element {
    first(html, selector).unwrap_or_else(|| panic!("no {selector} on the page:\n{html}"))
}

/// The text of a piece of HTML: tags dropped, references decoded, white space collapsed.
pub fn text(html: &str) -> String {
    let doc = doc_of(html);
    let len = doc.tags.len();
    text_between(&doc, 0, html.len(), 0, len)
}

/// The text of `doc.html[from..to]` whose tags are `doc.tags[first..last]`.
fn text_between(doc: &Doc, from: usize, to: usize, first: usize, last: usize) -> String {
    let html = &doc.html;
    let mut raw = String::with_capacity(to.saturating_sub(from));
    let mut at = from;
    let mut k = first;
    while k < last {
        let t = &doc.tags[k];
        raw.push_str(&html[at.min(t.start)..t.start]);
        // Block-ish tags separate words.
        if matches!(t.name.as_str(), "br" | "p" | "li" | "td" | "th" | "tr" | "div" | "dt" | "dd" | "option")
        {
            raw.push(' ');
        }
        at = t.end;
        if !t.close && matches!(t.name.as_str(), "script" | "style") {
            // Script and style text is not page text: skip it.
            match doc.closes[k] {
                Some(c) => {
                    at = doc.tags[c].end;
                    k = c;
                }
                None => at = to,
            }
        }
        k += 1;
    }
    raw.push_str(&html[at.min(to)..to]);
    decode(&raw).split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Element {
    /// Where the element starts in its page: a later element has a larger position.
    pub fn position(&self) -> usize {
        self.range.0
    }

    /// The attribute's value (`""` for a bare attribute), if the element has it.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(a, _)| a == name).map(|(_, v)| v.as_str())
    }

    /// The attribute's value; a failed test when the element lacks it.
    pub fn get(&self, name: &str) -> &str {
        self.attr(name).unwrap_or_else(|| panic!("no {name} on <{} {:?}>", self.tag, self.attrs))
    }

    /// The attribute read as a number (or any `FromStr`); a failed test when missing or malformed.
    pub fn num<T: std::str::FromStr>(&self, name: &str) -> T {
        let v = self.get(name);
        v.parse().unwrap_or_else(|_| panic!("{name}={v:?} is not a number"))
    }

    /// Whether the element has the attribute.
    pub fn has(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }

    /// Whether the element's class list names `class`.
    pub fn has_class(&self, class: &str) -> bool {
        self.attr("class").is_some_and(|c| c.split_whitespace().any(|x| x == class))
    }

    /// The element's text.
    pub fn text(&self) -> String {
        let (first, last) = self.range;
        let from = self.doc.tags[first - 1].end;
        let to = (from + self.inner.len()).min(self.doc.html.len());
        text_between(&self.doc, from, to, first, last.min(self.doc.tags.len()))
    }

    /// The elements inside matching `selector`.
    pub fn select(&self, selector: &str) -> Vec<Element> {
        select_from(&self.doc, self.range.0, self.range.1, selector)
    }

    /// The first element inside matching `selector`, if any.
    pub fn first(&self, selector: &str) -> Option<Element> {
        self.select(selector).into_iter().next()
    }

    /// The first element inside matching `selector`; a failed test when there is none.
    pub fn one(&self, selector: &str) -> Element {
        self.first(selector).unwrap_or_else(|| panic!("no {selector} in:\n{}", self.inner))
    }
}

/// Every address the page's links and forms name (`href`, `action`, `src`), in document order.
pub fn addresses(html: &str) -> Vec<String> {
    doc_of(html)
        .tags
        .iter()
        .filter(|t| !t.close)
        .flat_map(|t| t.attrs.iter().filter(|(a, _)| matches!(a.as_str(), "href" | "action" | "src")))
        .map(|(_, v)| v.clone())
        .collect()
}

/// The values of attribute `name` on every tag of the page that has it, in document order.
pub fn attribute_values(html: &str, name: &str) -> Vec<String> {
    doc_of(html)
        .tags
        .iter()
        .filter(|t| !t.close)
        .filter_map(|t| t.attrs.iter().find(|(a, _)| a == name).map(|(_, v)| v.clone()))
        .collect()
}

/// Every element matching `selector`, each with whether it lies inside an element matching `outer`
/// (a field inside a `<label>`).
pub fn select_within(html: &str, selector: &str, outer: &str) -> Vec<(Element, bool)> {
    let outers = select(html, outer);
    select(html, selector)
        .into_iter()
        .map(|e| {
            let k = e.range.0 - 1;
            let inside = outers.iter().any(|o| o.range.0 <= k && k < o.range.1);
            (e, inside)
        })
        .collect()
}
