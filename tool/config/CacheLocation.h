//===- CacheLocation.h - Where a --cache location points -------*- C++ -*-===//
//
// Parsed apart from the backends (cache/CacheBackend.h) so that config files
// can check a location without linking hiredis and libcurl.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_CACHELOCATION_H
#define ERRLINT_CACHELOCATION_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace errlint {

/// A parsed --cache location.
struct CacheLocation {
  enum Kind { Directory, Redis, Http } K = Directory;
  std::string Path; ///< Directory: absolute.
  std::string Url;  ///< Http: the base URL, without a trailing '/'.
  /// Redis: where, as whom, and which database.
  std::string Host;
  unsigned Port = 6379;
  std::string User, Password;
  unsigned Database = 0;
};

/// Parses TEXT: "redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]", "http://..."
/// or "https://...", "file://PATH", or else a directory (relative to Base).
/// False, with Error, for a malformed URL or an unknown scheme.
bool parseCacheLocation(llvm::StringRef Text, llvm::StringRef Base,
                        CacheLocation &Out, std::string &Error);

} // namespace errlint

#endif
