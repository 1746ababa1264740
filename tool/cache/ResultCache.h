//===- ResultCache.h - Findings of unchanged translation units -*- C++ -*-===//
//
// --cache (and --cache-dir): the findings of a translation unit are stored
// under a key made of everything that decides them (errlint's build, the
// catalogue, the settings and the compile command) with the list of files
// the translation unit read and their content hashes. A later run with the
// same key whose files all still hash the same reuses the findings without
// parsing.
//
// The entries may be shared (a CI fleet, a team): they live in layers of
// backends (CacheBackend.h), the first that holds an entry wins and the
// layers before it are filled with it. Nothing read from a backend is
// trusted: an entry is used only when its key is this run's, every file hash
// is checked on this machine and, with a shared secret, its HMAC-SHA256 is
// right; anything else (truncated, damaged, foreign, unsigned) is a miss.
// Entries name files relative to the project root and keys hold no absolute
// path of it, so two checkouts in different directories share entries, and
// each prints its own paths.
//
// A backend that fails costs bounded time and never a finding: each request
// has a timeout, and after MaxFailures failures a backend is not asked again
// in the run (one warning).
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_RESULTCACHE_H
#define ERRLINT_RESULTCACHE_H

#include "CacheBackend.h"
#include "UnitResult.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace errlint {

/// Which backends are written.
enum class CacheMode {
  ReadWrite,      ///< Every backend (CI).
  ReadOnly,       ///< None: nothing is ever written (a laptop, a fork's CI).
  RemoteReadOnly, ///< Only the local directories: read the team's, keep a copy.
};

/// What one backend did in a run, for --parse-stats.
struct CacheLayerStats {
  std::string Name;
  unsigned Hits = 0;
  unsigned Misses = 0;   ///< Rejected entries included.
  unsigned Rejected = 0; ///< Found but not trusted: damaged, foreign, unsigned.
  unsigned Writes = 0;
  unsigned Failures = 0; ///< Requests that failed or timed out.
  double Seconds = 0;    ///< Spent talking to it (opening included).
  bool Disabled = false; ///< Left out for the rest of the run.
};

struct CacheOptions {
  /// What the key holds besides each translation unit's own: errlint's
  /// build and the catalogue's texts.
  std::string Identity;
  /// Paths in entries and keys are relative to it.
  std::string Root;
  /// The directory of errlint's executable, which keys do not depend on.
  std::string ToolDir;
  /// When not empty, entries are signed with it and entries without its
  /// signature are misses.
  std::string Secret;
  CacheMode Mode = CacheMode::ReadWrite;
  /// Failed requests after which a backend is not asked again.
  unsigned MaxFailures = 3;
  /// Prints a warning (errs() by default).
  std::function<void(const std::string &)> Warn;
};

/// Maps the paths under a project root to and from their form in entries:
/// "{root}/REL" (and "{realroot}/REL" for the root with symbolic links
/// resolved), other paths unchanged.
class RootRelocator {
public:
  /// ToolDir, errlint's own directory, is relocated in keys too ("{tool}"):
  /// compile commands given after "--" name a driver there.
  explicit RootRelocator(const std::string &Root,
                         const std::string &ToolDir = "");
  std::string toEntry(const std::string &Path) const;
  std::string fromEntry(const std::string &Path) const;
  /// Text (a key) with every occurrence of the root, as a whole path
  /// component, replaced by its marker.
  std::string relocateText(const std::string &Text) const;

private:
  std::vector<std::pair<std::string, std::string>> Roots; ///< Marker, path.
};

class ResultCache {
public:
  ResultCache(std::vector<std::unique_ptr<CacheBackend>> Layers,
              CacheOptions Options);
  ~ResultCache();

  /// Opens every backend; one that cannot be used is said and left out.
  /// False when none is left.
  bool open();

  /// The result stored under Key (findings, protocol facts, pending
  /// classes), if every file it depends on still has the content it had.
  std::optional<UnitResult> lookup(const std::string &Key);

  /// Stores R under Key with the files (R.Files) it was computed from, in
  /// every backend the mode writes. Failures only cost the entry.
  void store(const std::string &Key, const UnitResult &R);

  std::vector<CacheLayerStats> stats() const;

  /// The entry bytes store() writes, and their reading (for tests).
  std::string encode(const std::string &Address, const std::string &RelKey,
                     const UnitResult &R);
  enum class Verdict { Hit, Stale, Untrusted };
  Verdict decode(const std::string &Address, const std::string &RelKey,
                 const std::string &Bytes, UnitResult &Out);

  /// Where Key's entry lives, and the key as entries hold it.
  std::string addressOf(const std::string &RelKey) const;
  std::string relativeKey(const std::string &Key) const;

private:
  struct Layer;
  /// One request to L, timed and counted; a failure may disable L.
  CacheReply call(Layer &L, const std::function<CacheReply()> &Request);
  CacheReply timed(Layer &L, const std::function<CacheReply()> &Request);
  /// Leaves L out for the rest of the run, saying so once.
  void disable(Layer &L, const std::string &Message);
  static std::string describe(const Layer &L, const std::string &Error);
  bool writable(const Layer &L) const;
  /// Puts Bytes at Address in L; a refusal stops L's writes for the run.
  void write(Layer &L, const std::string &Address, const std::string &Bytes);
  void warnOnce(Layer &L, const std::string &Message);
  /// The content hash of Path, computed once per run.
  std::optional<std::string> contentHash(const std::string &Path);
  bool filesUnchanged(const nlohmann::json &Files);

  std::vector<Layer> Layers;
  CacheOptions Options;
  RootRelocator Relocator;
  std::string IdentityHash;
  std::map<std::string, std::optional<std::string>> Hashes;
  std::mutex Mutex;
};

/// SHA-256 of Text, in hex.
std::string sha256Hex(const std::string &Text);

} // namespace errlint

#endif
