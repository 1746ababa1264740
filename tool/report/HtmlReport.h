//===- HtmlReport.h - A self-contained HTML report of findings -*- C++ -*-===//
//
// One HTML file that needs no network and no server: a summary with small
// inline charts (findings by rule, record, directory and severity), then
// every finding with the code around it (the use, the close and any thread
// start highlighted, with line numbers), the runtime error its records
// describe, their prevention tips and example fix. Filters by rule, severity,
// record and file run in the page and are mirrored in the URL fragment
// (report.html#rule=send-after-close&file=src/), so a filtered view can be
// linked. The findings are embedded as JSON and rendered a page at a time,
// so the report stays responsive with thousands of them.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_HTMLREPORT_H
#define ERRLINT_HTMLREPORT_H

#include "Engine.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace errlint {

struct HtmlReportOptions {
  std::string Title = "errlint report";
  /// Lines of code shown above and below each highlighted line.
  unsigned ContextLines = 3;
  /// Paths are shown relative to this directory. When empty: the current
  /// directory if every file is under it, else the files' common directory.
  std::string BaseDir;
  /// Shown in the footer, e.g. "errlint 0.1.0".
  std::string Generator = "errlint";
};

/// Writes the report. Source files are read for the lines around each
/// finding; a file that cannot be read falls back to the lines the findings
/// carry (Location::LineText). Every piece of text is escaped.
void renderHtml(const Catalog &Cat, const std::vector<Finding> &Findings,
                const HtmlReportOptions &Opts, llvm::raw_ostream &OS);

} // namespace errlint

#endif
