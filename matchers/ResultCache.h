//===- ResultCache.h - Findings of unchanged translation units -*- C++ -*-===//
//
// --cache-dir: the findings of a translation unit are stored under a key made
// of everything that decides them (errlint's build, the catalogue, the
// settings and the compile command) with the list of files the translation
// unit read and their content hashes. A later run with the same key whose
// files all still hash the same reuses the findings without parsing.
//
// Entries are written to a unique temporary file and renamed into place, so
// concurrent runs sharing a directory never read a partial entry (the last
// writer wins) and a killed run leaves at most a temporary file, removed by
// a later run. An entry that does not read back is a miss.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_RESULTCACHE_H
#define ERRLINT_RESULTCACHE_H

#include "FindingWire.h"

#include <optional>
#include <string>
#include <vector>

namespace errlint {

class ResultCache {
public:
  /// A cache in Dir (created when missing). Identity names what the key
  /// holds besides each translation unit's own: errlint's build and the
  /// catalogue's texts.
  ResultCache(std::string Dir, std::string Identity);

  /// Creates the directory and removes stale temporary files; false (with
  /// Error) when the directory cannot be used.
  bool open(std::string &Error);

  /// The result stored under Key (findings, protocol facts, pending
  /// classes), if every file it depends on still has the content it had.
  std::optional<WireResult> lookup(const std::string &Key) const;

  /// Stores R under Key with the files (R.Files) it was computed from.
  /// Failures to write are silent: the cache only ever saves work.
  void store(const std::string &Key, const WireResult &R) const;

private:
  std::string entryPath(const std::string &Key) const;

  std::string Dir;
  std::string Identity;
};

/// SHA-256 of Text, in hex.
std::string sha256Hex(const std::string &Text);

} // namespace errlint

#endif
