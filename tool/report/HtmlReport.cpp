//===- HtmlReport.cpp - A self-contained HTML report of findings ---------===//
//
// The page is static HTML (header, summary charts, filter controls) plus the
// findings as JSON in a <script type="application/json"> element; the
// embedded script (report/report.js) renders them a page at a time
// and applies the filters. Styles and script are compiled into errlint, and a
// Content-Security-Policy forbids the page any network access.
//
//===----------------------------------------------------------------------===//

#include "HtmlReport.h"
#include "ReportAssets.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

using nlohmann::json;

namespace errlint {
namespace {

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

std::string escapeHtml(llvm::StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default: Out += C;
    }
  }
  return Out;
}

/// JSON that can sit inside a <script> element: '<', '>' and '&' only occur
/// inside JSON strings, where their \u escapes mean the same. Invalid UTF-8
/// in source files is replaced rather than thrown on.
std::string scriptSafeJson(const json &Data) {
  std::string Text =
      Data.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '<': Out += "\\u003c"; break;
    case '>': Out += "\\u003e"; break;
    case '&': Out += "\\u0026"; break;
    default: Out += C;
    }
  }
  return Out;
}

/// "#key=value" for a link that sets one filter.
std::string filterHref(llvm::StringRef Key, llvm::StringRef Value) {
  std::string Out = "#" + Key.str() + "=";
  for (unsigned char C : Value) {
    if (llvm::isAlnum(C) || llvm::StringRef("-_.~/").contains(C)) {
      Out += static_cast<char>(C);
      continue;
    }
    const char Hex[] = "0123456789ABCDEF";
    Out += '%';
    Out += Hex[C >> 4];
    Out += Hex[C & 15];
  }
  return Out;
}

/// The embedded asset at Name (e.g. "report/report.js").
llvm::StringRef asset(llvm::StringRef Name) {
  for (unsigned long I = 0; I < ReportAssetFileCount; ++I)
    if (Name == ReportAssetFiles[I].Name)
      return llvm::StringRef(
          reinterpret_cast<const char *>(ReportAssetFiles[I].Data),
          ReportAssetFiles[I].Size);
  return "";
}

//===----------------------------------------------------------------------===//
// Sources and paths
//===----------------------------------------------------------------------===//

/// Reads each source file once, for the lines around findings.
class SourceCache {
public:
  /// The lines of File, or nullptr when it cannot be read.
  const std::vector<std::string> *lines(const std::string &File) {
    auto [It, Inserted] = Files.try_emplace(File);
    if (Inserted)
      It->second = read(File);
    return It->second ? &*It->second : nullptr;
  }

private:
  static std::optional<std::vector<std::string>> read(const std::string &F) {
    auto Buf = llvm::MemoryBuffer::getFile(F, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf)
      return std::nullopt;
    std::vector<std::string> Lines;
    llvm::StringRef Rest = (*Buf)->getBuffer();
    while (!Rest.empty()) {
      auto [Line, Tail] = Rest.split('\n');
      Lines.push_back(Line.rtrim('\r').str());
      Rest = Tail;
    }
    return Lines;
  }

  std::map<std::string, std::optional<std::vector<std::string>>> Files;
};

/// The directory paths are shown relative to (see HtmlReportOptions).
std::string baseDirectory(const std::vector<Finding> &Findings,
                          const std::string &Requested) {
  if (!Requested.empty())
    return Requested;
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd))
    Cwd.clear();
  bool AllUnderCwd = !Cwd.empty();
  std::string Common;
  bool First = true;
  for (const Finding &F : Findings) {
    llvm::StringRef Dir = llvm::sys::path::parent_path(F.Loc.File);
    if (AllUnderCwd && !(Dir == Cwd || Dir.starts_with(Cwd.str().str() + "/")))
      AllUnderCwd = false;
    if (First) {
      Common = Dir.str();
      First = false;
      continue;
    }
    while (!Common.empty() && Dir != Common &&
           !Dir.starts_with(Common == "/" ? Common : Common + "/"))
      Common = llvm::sys::path::parent_path(Common).str();
  }
  return AllUnderCwd ? std::string(Cwd) : Common;
}

std::string shownPath(const std::string &File, const std::string &Base) {
  llvm::StringRef Rel = File;
  if (!Base.empty() && Rel.consume_front(Base) &&
      (Base == "/" || Rel.consume_front("/")))
    return Rel.str();
  return File;
}

/// "src/net" for "src/net/a.cpp", "." for a file at the top.
std::string shownDirectory(const std::string &Shown) {
  llvm::StringRef Dir = llvm::sys::path::parent_path(Shown);
  return Dir.empty() ? "." : Dir.str();
}

/// Numbers the files findings and notes are in, in order of appearance.
class FileTable {
public:
  explicit FileTable(std::string Base) : Base(std::move(Base)) {}

  int index(const std::string &File) {
    if (File.empty())
      return -1;
    auto [It, Inserted] = Index.try_emplace(File, Paths.size());
    if (Inserted)
      Paths.push_back(shownPath(File, Base));
    return static_cast<int>(It->second);
  }
  const std::string &shown(const std::string &File) {
    return Paths[index(File)];
  }
  const std::vector<std::string> &paths() const { return Paths; }

private:
  std::string Base;
  std::map<std::string, size_t> Index;
  std::vector<std::string> Paths;
};

//===----------------------------------------------------------------------===//
// Findings as JSON
//===----------------------------------------------------------------------===//

struct Mark {
  unsigned Line;
  unsigned Column;
  std::string Kind;  ///< "finding" for the reported call, else a note kind.
  std::string Label; ///< Shown beside the line; empty: the kind's label.
};

/// What the reported call is, beside its line: the analysis decides.
std::string findingLabel(const Catalog &Cat, const Finding &F) {
  const Rule *R = Cat.findRule(F.RuleId);
  return R ? analysisInfo(R->Analysis).FindingLabel.str() : "reported here";
}

/// Line ranges [First, Last] around the marks, merged when they touch.
std::vector<std::pair<unsigned, unsigned>>
hunkRanges(const std::vector<Mark> &Marks, unsigned Context, size_t NumLines) {
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  for (const Mark &M : Marks) {
    unsigned First = M.Line > Context ? M.Line - Context : 1;
    unsigned Last = std::min<size_t>(M.Line + Context, NumLines);
    Ranges.push_back({First, std::max(First, Last)});
  }
  std::sort(Ranges.begin(), Ranges.end());
  std::vector<std::pair<unsigned, unsigned>> Merged;
  for (const auto &R : Ranges) {
    if (!Merged.empty() && R.first <= Merged.back().second + 1)
      Merged.back().second = std::max(Merged.back().second, R.second);
    else
      Merged.push_back(R);
  }
  return Merged;
}

json marksJson(const std::vector<Mark> &Marks, unsigned First, unsigned Last) {
  json Out = json::array();
  for (const Mark &M : Marks) {
    if (M.Line < First || M.Line > Last)
      continue;
    json J = {{"line", M.Line}, {"col", M.Column}, {"kind", M.Kind}};
    if (!M.Label.empty())
      J["label"] = M.Label;
    Out.push_back(std::move(J));
  }
  return Out;
}

/// The code around a finding: one hunk per run of nearby marked lines, for
/// each file the finding or its notes point into (the finding's file first).
json codeHunks(const Finding &F, const std::string &Label, unsigned Context,
               SourceCache &Sources, FileTable &Files) {
  std::vector<std::string> Order;
  std::map<std::string, std::vector<Mark>> ByFile;
  std::map<std::string, std::map<unsigned, std::string>> Fallback;
  auto Add = [&](const Location &L, const std::string &Kind,
                 const std::string &MarkLabel) {
    if (!L.valid() || L.File.empty())
      return;
    if (!ByFile.count(L.File))
      Order.push_back(L.File);
    ByFile[L.File].push_back({L.Line, L.Column, Kind, MarkLabel});
    Fallback[L.File][L.Line] = L.LineText;
  };
  Add(F.Loc, "finding", Label);
  for (const Note &N : F.Notes)
    Add(N.Loc, noteKindName(N.Kind), "");

  json Hunks = json::array();
  for (const std::string &File : Order) {
    const std::vector<Mark> &Marks = ByFile[File];
    int Idx = Files.index(File);
    if (const std::vector<std::string> *Lines = Sources.lines(File)) {
      for (auto [First, Last] : hunkRanges(Marks, Context, Lines->size())) {
        if (First > Lines->size())
          continue;
        json Text = json::array();
        for (unsigned L = First; L <= Last; ++L)
          Text.push_back((*Lines)[L - 1]);
        Hunks.push_back({{"file", Idx}, {"start", First}, {"lines", Text},
                         {"marks", marksJson(Marks, First, Last)}});
      }
      continue;
    }
    // The file is gone (e.g. a report merged elsewhere): the marked lines.
    for (const auto &[Line, Text] : Fallback[File])
      Hunks.push_back({{"file", Idx}, {"start", Line}, {"lines", {Text}},
                       {"marks", marksJson(Marks, Line, Line)}});
  }
  return Hunks;
}

json findingJson(const Catalog &Cat, const Finding &F, unsigned Context,
                 SourceCache &Sources, FileTable &Files) {
  json Notes = json::array();
  for (const Note &N : F.Notes)
    Notes.push_back({{"kind", noteKindName(N.Kind)},
                     {"msg", N.Message},
                     {"file", Files.index(N.Loc.File)},
                     {"line", N.Loc.Line},
                     {"col", N.Loc.Column}});
  return {{"rule", F.RuleId},
          {"sev", severityName(F.Severity)},
          {"msg", F.Message},
          {"fn", F.Function},
          {"file", Files.index(F.Loc.File)},
          {"line", F.Loc.Line},
          {"col", F.Loc.Column},
          {"notes", Notes},
          {"records", F.RecordIds},
          {"why", F.Consequence},
          {"code", codeHunks(F, findingLabel(Cat, F), Context, Sources,
                             Files)}};
}

json recordJson(const Record &R) {
  return {{"repo", R.Repo},
          {"path", R.FilePath},
          {"line", R.LineNumber},
          {"url", R.GithubUrl},
          {"errorClass", R.ErrorClass},
          {"error", R.ErrorMessage},
          {"tips", R.PreventionTips},
          {"fix", R.ExampleFix}};
}

/// Everything the page script needs: files, rules, records and findings.
json reportData(const Catalog &Cat, const std::vector<Finding> &Findings,
                const HtmlReportOptions &Opts, FileTable &Files) {
  SourceCache Sources;
  json Out = {{"findings", json::array()},
              {"rules", json::object()},
              {"records", json::object()}};
  for (const Finding &F : Findings) {
    Out["findings"].push_back(
        findingJson(Cat, F, Opts.ContextLines, Sources, Files));
    if (const Rule *R = Cat.findRule(F.RuleId))
      Out["rules"][R->Id] = {{"summary", R->Summary}};
    for (const std::string &Id : F.RecordIds)
      if (const Record *Rec = Cat.findRecord(Id))
        Out["records"][Id] = recordJson(*Rec);
  }
  Out["files"] = Files.paths();
  return Out;
}

//===----------------------------------------------------------------------===//
// Summary
//===----------------------------------------------------------------------===//

/// One bar of a chart: a label, a count, and the filter its link sets.
struct Bar {
  std::string Label;
  std::string Title;
  std::string Href;
  size_t Count = 0;
};

void renderChart(llvm::StringRef Id, llvm::StringRef Caption,
                 std::vector<Bar> Bars, llvm::raw_ostream &OS) {
  const size_t MaxBars = 8;
  std::stable_sort(Bars.begin(), Bars.end(), [](const Bar &A, const Bar &B) {
    return A.Count != B.Count ? A.Count > B.Count : A.Label < B.Label;
  });
  size_t Max = Bars.empty() ? 1 : std::max<size_t>(1, Bars.front().Count);
  OS << "<figure class=\"chart\" id=\"chart-" << Id << "\"><figcaption>"
     << escapeHtml(Caption) << "</figcaption><ol>";
  for (size_t I = 0; I < Bars.size() && I < MaxBars; ++I) {
    const Bar &B = Bars[I];
    unsigned Width = std::max<unsigned>(2, 100 * B.Count / Max);
    OS << "<li><a href=\"" << escapeHtml(B.Href) << "\" title=\""
       << escapeHtml(B.Title.empty() ? B.Label : B.Title)
       << "\"><span class=\"label\">" << escapeHtml(B.Label)
       << "</span><svg class=\"bar\" viewBox=\"0 0 100 10\" "
          "preserveAspectRatio=\"none\" aria-hidden=\"true\"><rect width=\""
       << Width << "\" height=\"10\" rx=\"1.5\"/></svg><span class=\"count\">"
       << B.Count << "</span></a></li>";
  }
  OS << "</ol>";
  if (Bars.size() > MaxBars)
    OS << "<p class=\"more\">and " << Bars.size() - MaxBars << " more</p>";
  OS << "</figure>\n";
}

/// Counts per key, as bars whose links set Filter to the key.
template <typename LabelFn>
std::vector<Bar> bars(const std::map<std::string, size_t> &Counts,
                      llvm::StringRef Filter, LabelFn Label) {
  std::vector<Bar> Out;
  for (const auto &[Key, Count] : Counts) {
    Bar B;
    B.Label = Label(Key);
    B.Title = Key;
    B.Href = filterHref(Filter, Key);
    B.Count = Count;
    Out.push_back(std::move(B));
  }
  return Out;
}

struct Counts {
  std::map<std::string, size_t> Rule, Record, Directory, Severity, File;
};

Counts countFindings(const std::vector<Finding> &Findings, FileTable &Files) {
  Counts C;
  for (const Finding &F : Findings) {
    ++C.Rule[F.RuleId];
    ++C.Severity[severityName(F.Severity)];
    for (const std::string &Id : F.RecordIds)
      ++C.Record[Id];
    const std::string &Shown = Files.shown(F.Loc.File);
    ++C.File[Shown];
    std::string Dir = shownDirectory(Shown);
    ++C.Directory[Dir == "." ? Dir : Dir + "/"];
  }
  return C;
}

/// "apache/kafka c7bc4577" for a record's bar.
std::string recordLabel(const Catalog &Cat, const std::string &Id) {
  const Record *R = Cat.findRecord(Id);
  std::string Short = Id.substr(0, 8);
  return R && !R->Repo.empty() ? R->Repo + " " + Short : Short;
}

void renderTiles(const Counts &C, size_t Total, llvm::raw_ostream &OS) {
  auto Tile = [&](size_t N, llvm::StringRef One, llvm::StringRef Many) {
    OS << "<div class=\"tile\"><b>" << N << "</b> " << (N == 1 ? One : Many)
       << "</div>";
  };
  OS << "<div class=\"tiles\">";
  Tile(Total, "finding", "findings");
  Tile(C.File.size(), "file", "files");
  Tile(C.Rule.size(), "rule", "rules");
  Tile(C.Record.size(), "record", "records");
  OS << "</div>\n";
}

void renderSummary(const Catalog &Cat, const Counts &C, size_t Total,
                   llvm::raw_ostream &OS) {
  OS << "<section class=\"summary\" id=\"summary\">\n";
  renderTiles(C, Total, OS);
  if (Total != 0) {
    auto Same = [](const std::string &K) { return K; };
    OS << "<div class=\"charts\">\n";
    renderChart("rule", "By rule", bars(C.Rule, "rule", Same), OS);
    renderChart("record", "By record",
                bars(C.Record, "record",
                     [&](const std::string &Id) { return recordLabel(Cat, Id); }),
                OS);
    renderChart("directory", "By directory",
                bars(C.Directory, "file", Same), OS);
    renderChart("severity", "By severity", bars(C.Severity, "severity", Same),
                OS);
    OS << "</div>\n";
  }
  OS << "</section>\n";
}

//===----------------------------------------------------------------------===//
// Filters and page
//===----------------------------------------------------------------------===//

void renderOptions(const std::map<std::string, size_t> &Counts,
                   llvm::StringRef All,
                   const std::function<std::string(const std::string &)> &Label,
                   llvm::raw_ostream &OS) {
  OS << "<option value=\"\">" << escapeHtml(All) << "</option>";
  for (const auto &[Key, Count] : Counts)
    OS << "<option value=\"" << escapeHtml(Key) << "\">"
       << escapeHtml(Label(Key)) << " (" << Count << ")</option>";
}

void renderFilters(const Catalog &Cat, const Counts &C,
                   llvm::raw_ostream &OS) {
  auto Same = [](const std::string &K) { return K; };
  OS << "<form class=\"filters\" id=\"filters\" role=\"search\">\n"
     << "<label>Rule <select id=\"f-rule\" name=\"rule\">";
  renderOptions(C.Rule, "All rules", Same, OS);
  OS << "</select></label>\n<label>Severity <select id=\"f-severity\" "
        "name=\"severity\">";
  renderOptions(C.Severity, "Any severity", Same, OS);
  OS << "</select></label>\n<label>Record <select id=\"f-record\" "
        "name=\"record\">";
  renderOptions(C.Record, "All records",
                [&](const std::string &Id) { return recordLabel(Cat, Id); },
                OS);
  OS << "</select></label>\n<label>File <input id=\"f-file\" name=\"file\" "
        "type=\"search\" list=\"f-files\" autocomplete=\"off\" "
        "placeholder=\"path contains...\"></label>\n"
     << "<button type=\"button\" id=\"f-clear\">Clear filters</button>\n"
     << "<datalist id=\"f-files\">";
  // Directories first; enough files to pick from without a huge page.
  const size_t MaxFiles = 2000;
  for (const auto &[Dir, N] : C.Directory)
    if (Dir != ".")
      OS << "<option value=\"" << escapeHtml(Dir) << "\">";
  size_t Listed = 0;
  for (const auto &[File, N] : C.File)
    if (Listed++ < MaxFiles)
      OS << "<option value=\"" << escapeHtml(File) << "\">";
  OS << "</datalist>\n</form>\n";
}

const char Csp[] = "default-src 'none'; style-src 'unsafe-inline'; "
                   "script-src 'unsafe-inline'; img-src data:";

void renderHead(const HtmlReportOptions &Opts, llvm::raw_ostream &OS) {
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
     << "<meta http-equiv=\"Content-Security-Policy\" content=\"" << Csp
     << "\">\n<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\">\n<meta name=\"generator\" content=\""
     << escapeHtml(Opts.Generator) << "\">\n<title>" << escapeHtml(Opts.Title)
     << "</title>\n<style>\n"
     << asset("report/report.css") << "</style>\n</head>\n";
}

void renderMasthead(const std::vector<Finding> &Findings,
                    const std::string &Base, const HtmlReportOptions &Opts,
                    llvm::raw_ostream &OS) {
  OS << "<header class=\"masthead\"><h1>" << escapeHtml(Opts.Title)
     << "</h1><p class=\"meta\">" << Findings.size()
     << (Findings.size() == 1 ? " finding" : " findings");
  if (!Base.empty())
    OS << " in <code>" << escapeHtml(Base) << "</code>";
  OS << "</p></header>\n";
}

} // namespace

void renderHtml(const Catalog &Cat, const std::vector<Finding> &Findings,
                const HtmlReportOptions &Opts, llvm::raw_ostream &OS) {
  std::string Base = baseDirectory(Findings, Opts.BaseDir);
  FileTable Files(Base);
  json Data = reportData(Cat, Findings, Opts, Files);

  renderHead(Opts, OS);
  OS << "<body>\n";
  renderMasthead(Findings, Base, Opts, OS);
  OS << "<main>\n";
  Counts C = countFindings(Findings, Files);
  renderSummary(Cat, C, Findings.size(), OS);
  renderFilters(Cat, C, OS);
  OS << "<p id=\"status\" class=\"status\" role=\"status\">"
     << (Findings.empty() ? "No findings." : "") << "</p>\n"
     << "<noscript><p class=\"status\">The list of findings needs "
        "JavaScript; the summary above works without it.</p></noscript>\n"
     << "<div id=\"findings\" class=\"findings\"></div>\n"
     << "<nav id=\"pager\" class=\"pager\" aria-label=\"Pages\"></nav>\n"
     << "</main>\n<footer>Generated by " << escapeHtml(Opts.Generator)
     << ". Self-contained: this page loads nothing from the network.</footer>\n"
     << "<script type=\"application/json\" id=\"errlint-data\">"
     << scriptSafeJson(Data) << "</script>\n<script>\n"
     << asset("report/report.js") << "</script>\n</body>\n</html>\n";
}

} // namespace errlint
