//===- BuiltinData.h - Data files compiled into errlint --------*- C++ -*-===//
//
// The rules and records under rules/ are embedded at build time by
// cmake/EmbedFiles.cmake, which generates the definitions declared here.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_BUILTINDATA_H
#define ERRLINT_BUILTINDATA_H

namespace errlint {

/// One embedded file. Data is not NUL-terminated.
struct EmbeddedFile {
  const char *Name; ///< Path relative to the source root, e.g. "rules/x.json".
  const unsigned char *Data;
  unsigned long Size;
};

/// The embedded files, sorted by Name.
extern const EmbeddedFile BuiltinFiles[];
extern const unsigned long BuiltinFileCount;

} // namespace errlint

#endif
