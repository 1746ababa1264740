//===- ReportAssets.h - The HTML report's embedded files -------*- C++ -*-===//
//
// report/report.css and report/report.js, embedded at build time by
// cmake/EmbedFiles.cmake (tool/report/CMakeLists.txt), apart from the
// catalogue's rules and records (matchers/BuiltinData.h).
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_REPORTASSETS_H
#define ERRLINT_REPORTASSETS_H

#include "BuiltinData.h"

namespace errlint {

/// The embedded assets, sorted by Name ("report/report.css", ...).
extern const EmbeddedFile ReportAssetFiles[];
extern const unsigned long ReportAssetFileCount;

} // namespace errlint

#endif
