// errlint HTML report: renders the findings embedded as JSON, a page at a
// time, and applies the filters. The filters are mirrored in the URL
// fragment (#rule=...&severity=...&record=...&file=...&page=N) so that a
// filtered view can be bookmarked or linked; the summary charts are plain
// links that set it. Inlined into every report by HtmlReport.cpp; all text
// goes through textContent, never innerHTML.
(function () {
  'use strict';

  var PAGE_SIZE = 50;
  var KEYS = ['rule', 'severity', 'record', 'file'];
  var MARK_LABELS = {
    'finding': 'reported here',
    'close': 'closed here',
    'thread-start': 'thread starts',
    'thread-use': 'used by thread',
    'callback': 'callback',
    'throw-site': 'throws here',
    'protocol': 'protocol'
  };
  var MARK_CLASSES = {
    'finding': 'mark-finding',
    'close': 'mark-close',
    'thread-start': 'mark-thread-start',
    'thread-use': 'mark-thread-use'
  };

  var data = JSON.parse(document.getElementById('errlint-data').textContent);
  var controls = {};
  KEYS.forEach(function (k) { controls[k] = document.getElementById('f-' + k); });
  var list = document.getElementById('findings');
  var status = document.getElementById('status');
  var pager = document.getElementById('pager');
  var state = readHash();

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function fileName(i) { return i >= 0 && i < data.files.length ? data.files[i] : ''; }

  function formatCount(n) { return n.toLocaleString('en-US'); }

  // ---- State <-> URL fragment -------------------------------------------

  function emptyState() { return { rule: '', severity: '', record: '', file: '', page: 1 }; }

  function readHash() {
    var s = emptyState();
    location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var eq = pair.indexOf('=');
      if (eq < 0) return;
      var key, value;
      try {
        key = decodeURIComponent(pair.slice(0, eq));
        value = decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
      } catch (e) {
        return;
      }
      if (key === 'page') s.page = Math.max(1, parseInt(value, 10) || 1);
      else if (KEYS.indexOf(key) >= 0) s[key] = value;
    });
    return s;
  }

  function hashOf(s) {
    var parts = [];
    KEYS.forEach(function (k) { if (s[k]) parts.push(k + '=' + encodeURIComponent(s[k])); });
    if (s.page > 1) parts.push('page=' + s.page);
    return parts.length ? '#' + parts.join('&') : '';
  }

  function setState(s) {
    state = s;
    var hash = hashOf(s);
    if (hash !== location.hash) {
      try {
        history.replaceState(null, '', hash || location.pathname + location.search);
      } catch (e) {
        location.hash = hash;
      }
    }
    render();
  }

  function stateFromControls() {
    var s = emptyState();
    KEYS.forEach(function (k) { s[k] = controls[k].value; });
    return s;
  }

  function syncControls() {
    KEYS.forEach(function (k) {
      var c = controls[k];
      if (c.value === state[k]) return;
      if (c.tagName === 'SELECT' && state[k] &&
          !Array.prototype.some.call(c.options, function (o) { return o.value === state[k]; })) {
        c.appendChild(el('option', '', state[k] + ' (0)')).value = state[k];
      }
      c.value = state[k];
    });
  }

  // ---- Filtering ----------------------------------------------------------

  function matches(f, needle) {
    if (state.rule && f.rule !== state.rule) return false;
    if (state.severity && f.sev !== state.severity) return false;
    if (state.record && f.records.indexOf(state.record) < 0) return false;
    if (needle && fileName(f.file).toLowerCase().indexOf(needle) < 0) return false;
    return true;
  }

  function matching() {
    var needle = state.file.toLowerCase();
    var out = [];
    for (var i = 0; i < data.findings.length; ++i)
      if (matches(data.findings[i], needle)) out.push(data.findings[i]);
    return out;
  }

  // ---- Rendering ------------------------------------------------------------

  // The index in a JS string of the 1-based byte column clang reports.
  function columnIndex(text, column) {
    var bytes = 0;
    for (var i = 0; i < text.length; ++i) {
      if (bytes >= column - 1) return i;
      var c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) { bytes += 4; ++i; }
      else bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }
    return text.length;
  }

  // The source line with the identifier at each marked column emphasized.
  function sourceCell(text, marks) {
    var td = el('td', 'src');
    var spans = marks.map(function (m) {
      var start = columnIndex(text, m.col);
      var end = start;
      while (end < text.length && /[A-Za-z0-9_~]/.test(text[end])) ++end;
      return [start, Math.max(end, Math.min(start + 1, text.length))];
    }).sort(function (a, b) { return a[0] - b[0]; });
    var pos = 0;
    spans.forEach(function (s) {
      if (s[0] < pos) return;
      td.appendChild(document.createTextNode(text.slice(pos, s[0])));
      td.appendChild(el('mark', 'hl', text.slice(s[0], s[1])));
      pos = s[1];
    });
    td.appendChild(document.createTextNode(text.slice(pos)));
    return td;
  }

  function renderHunk(h) {
    var box = el('div', 'hunk');
    box.appendChild(el('div', 'hunk-file', fileName(h.file)));
    var table = el('table', 'code');
    var body = el('tbody');
    h.lines.forEach(function (text, i) {
      var line = h.start + i;
      var marks = h.marks.filter(function (m) { return m.line === line; });
      var tr = el('tr', marks.length ? (MARK_CLASSES[marks[0].kind] || 'mark-other') : '');
      tr.setAttribute('data-line', line);
      tr.appendChild(el('td', 'num', line));
      tr.appendChild(el('td', 'tag', marks.map(function (m) {
        return m.label || MARK_LABELS[m.kind] || m.kind;
      }).join(', ')));
      tr.appendChild(sourceCell(text, marks));
      body.appendChild(tr);
    });
    table.appendChild(body);
    box.appendChild(table);
    return box;
  }

  function locationText(file, line, col) {
    var name = fileName(file);
    return name ? name + ':' + line + ':' + col : '';
  }

  function linkTarget(url) { return /^https?:\/\//i.test(url || '') ? url : ''; }

  function renderRecord(id) {
    var r = data.records[id];
    var box = el('div', 'record');
    box.setAttribute('data-record', id);
    if (!r) {
      box.appendChild(el('p', 'source', 'record ' + id));
      return box;
    }
    box.appendChild(el('p', 'error', (r.errorClass ? r.errorClass + ': ' : '') + '"' + r.error + '"'));
    var src = el('p', 'source', 'as in ');
    var where = (r.repo || 'a recorded failure') + (r.path ? ' (' + r.path + (r.line ? ':' + r.line : '') + ')' : '');
    var url = linkTarget(r.url);
    if (url) {
      var a = el('a', '', where);
      a.href = url;
      a.rel = 'noopener noreferrer';
      src.appendChild(a);
    } else {
      src.appendChild(document.createTextNode(where));
    }
    src.appendChild(document.createTextNode(' \u00b7 record '));
    src.appendChild(el('code', '', id));
    box.appendChild(src);
    if (r.tips && r.tips.length) {
      box.appendChild(el('h4', '', 'Prevention tips'));
      var ul = el('ul', 'tips');
      r.tips.forEach(function (t) { ul.appendChild(el('li', '', t)); });
      box.appendChild(ul);
    }
    if (r.fix) {
      var d = el('details', 'fix');
      d.appendChild(el('summary', '', 'Example fix from record ' + id));
      var pre = el('pre');
      pre.appendChild(el('code', '', r.fix));
      d.appendChild(pre);
      box.appendChild(d);
    }
    return box;
  }

  function renderFinding(f) {
    var card = el('article', 'finding sev-' + f.sev);
    card.setAttribute('data-rule', f.rule);
    card.setAttribute('data-severity', f.sev);
    card.setAttribute('data-file', fileName(f.file));
    var head = el('header');
    head.appendChild(el('span', 'badge sev-' + f.sev, f.sev));
    var rule = el('a', 'rule-link', 'errlint-' + f.rule);
    rule.href = '#rule=' + encodeURIComponent(f.rule);
    if (data.rules[f.rule]) rule.title = data.rules[f.rule].summary;
    head.appendChild(rule);
    head.appendChild(el('h2', 'msg', f.msg));
    var where = el('div', 'where');
    where.appendChild(el('span', 'path', locationText(f.file, f.line, f.col)));
    if (f.fn) {
      where.appendChild(document.createTextNode(' in '));
      where.appendChild(el('code', 'fn', f.fn));
    }
    head.appendChild(where);
    card.appendChild(head);

    var body = el('div', 'finding-body');
    f.code.forEach(function (h) { body.appendChild(renderHunk(h)); });
    if (f.notes.length) {
      var notes = el('ul', 'notes');
      f.notes.forEach(function (n) {
        var li = el('li', 'note kind-' + n.kind);
        var loc = locationText(n.file, n.line, n.col);
        if (loc) li.appendChild(el('span', 'loc', loc));
        li.appendChild(document.createTextNode(n.msg));
        notes.appendChild(li);
      });
      body.appendChild(notes);
    }
    if (f.why || f.records.length) {
      var rt = el('section', 'runtime');
      rt.appendChild(el('h3', '', 'At run time'));
      if (f.why) rt.appendChild(el('p', 'why', f.why));
      f.records.forEach(function (id) { rt.appendChild(renderRecord(id)); });
      body.appendChild(rt);
    }
    card.appendChild(body);
    return card;
  }

  function pagerButton(label, page, enabled) {
    var b = el('button', '', label);
    b.type = 'button';
    b.disabled = !enabled;
    b.setAttribute('data-page', page);
    b.addEventListener('click', function () {
      var s = stateFromControls();
      s.page = page;
      setState(s);
      window.scrollTo(0, list.offsetTop - 60);
    });
    return b;
  }

  function renderPager(page, pages) {
    pager.textContent = '';
    if (pages <= 1) return;
    pager.appendChild(pagerButton('\u2190 Previous', page - 1, page > 1));
    pager.appendChild(el('span', 'page-of', 'Page ' + page + ' of ' + pages));
    pager.appendChild(pagerButton('Next \u2192', page + 1, page < pages));
  }

  function render() {
    syncControls();
    var shown = matching();
    var pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
    var page = Math.min(state.page, pages);
    var first = (page - 1) * PAGE_SIZE;
    var slice = shown.slice(first, first + PAGE_SIZE);
    var total = data.findings.length;

    var frag = document.createDocumentFragment();
    slice.forEach(function (f) { frag.appendChild(renderFinding(f)); });
    if (!slice.length && total) {
      var empty = el('div', 'empty', 'No finding matches these filters. ');
      var clear = el('button', '', 'Clear filters');
      clear.type = 'button';
      clear.addEventListener('click', function () { setState(emptyState()); });
      empty.appendChild(clear);
      frag.appendChild(empty);
    }
    list.textContent = '';
    list.appendChild(frag);

    status.setAttribute('data-matching', shown.length);
    status.setAttribute('data-total', total);
    status.setAttribute('data-page', page);
    if (!total) status.textContent = 'No findings.';
    else if (!shown.length) status.textContent = 'No finding matches (' + formatCount(total) + ' in all).';
    else status.textContent = 'Showing ' + formatCount(first + 1) + '\u2013' +
        formatCount(first + slice.length) + ' of ' + formatCount(shown.length) +
        (shown.length === total ? ' findings' : ' matching findings (' + formatCount(total) + ' in all)');
    renderPager(page, pages);
  }

  // ---- Events ---------------------------------------------------------------

  KEYS.forEach(function (k) {
    controls[k].addEventListener(k === 'file' ? 'input' : 'change', function () {
      setState(stateFromControls());
    });
  });
  document.getElementById('filters').addEventListener('submit', function (e) { e.preventDefault(); });
  document.getElementById('f-clear').addEventListener('click', function () { setState(emptyState()); });
  window.addEventListener('hashchange', function () { state = readHash(); render(); });

  render();
})();
