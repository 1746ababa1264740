//===- ResultCache.cpp - Findings of unchanged translation units ----------===//

#include "ResultCache.h"
#include "FindingWire.h"
#include "FindingJson.h"
#include "Hmac.h"
#include "Paths.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;
using json = nlohmann::json;

namespace errlint {
namespace {

/// Bumped whenever the entry layout changes. 4: paths relative to the
/// project root, BLAKE3 file hashes, an optional "mac".
constexpr int EntryFormat = 4;

/// Entries are dumped the same way when written and when their signature is
/// checked; invalid UTF-8 in a source line must not stop the write.
std::string dumpEntry(const json &Body) {
  return Body.dump(-1, ' ', false, json::error_handler_t::replace);
}

/// What the signature covers: the address too, so that a signed entry
/// cannot be replayed under another key.
std::string signedText(const std::string &Address, const std::string &Body) {
  return "errlint-cache " + std::to_string(EntryFormat) + "\n" + Address +
         "\n" + Body;
}

} // namespace

std::string sha256Hex(const std::string &Text) {
  SHA256 H;
  H.update(Text);
  std::array<uint8_t, 32> Digest = H.final();
  return toHex(ArrayRef<uint8_t>(Digest.data(), Digest.size()),
               /*LowerCase=*/true);
}

//===----------------------------------------------------------------------===//
// Paths relative to the project root
//===----------------------------------------------------------------------===//

RootRelocator::RootRelocator(const std::string &Root,
                             const std::string &ToolDir) {
  if (!ToolDir.empty() && ToolDir != "/")
    Roots.push_back({"{tool}", ToolDir});
  // A project at / has nothing to relocate.
  if (Root.empty() || Root == "/")
    return;
  std::string Real = realPathOrAbsolute(Root);
  Roots.push_back({"{root}", Root});
  if (Real != Root)
    Roots.push_back({"{realroot}", Real});
  // The longer first: one root may be inside the other.
  std::stable_sort(Roots.begin(), Roots.end(), [](const auto &A, const auto &B) {
    return A.second.size() > B.second.size();
  });
}

std::string RootRelocator::toEntry(const std::string &Path) const {
  for (const auto &[Marker, Root] : Roots)
    if (StringRef(Path).starts_with(Root + "/"))
      return Marker + Path.substr(Root.size());
  return Path;
}

std::string RootRelocator::fromEntry(const std::string &Path) const {
  for (const auto &[Marker, Root] : Roots)
    if (StringRef(Path).starts_with(Marker + "/"))
      return Root + Path.substr(Marker.size());
  return Path;
}

std::string RootRelocator::relocateText(const std::string &Text) const {
  std::string Out;
  for (size_t I = 0; I < Text.size();) {
    bool Replaced = false;
    for (const auto &[Marker, Root] : Roots) {
      if (Text.compare(I, Root.size(), Root) != 0)
        continue;
      size_t End = I + Root.size();
      // Only a whole component: /work/a is not the start of /work/ab.
      if (End < Text.size() && !StringRef("/\0\"\n", 4).contains(Text[End]))
        continue;
      Out += Marker;
      I = End;
      Replaced = true;
      break;
    }
    if (!Replaced)
      Out += Text[I++];
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// Layers
//===----------------------------------------------------------------------===//

struct ResultCache::Layer {
  std::unique_ptr<CacheBackend> Backend;
  CacheLayerStats Stats;
  bool WritesRefused = false;
  bool Warned = false;
};

ResultCache::ResultCache(std::vector<std::unique_ptr<CacheBackend>> Backends,
                         CacheOptions Opts)
    : Options(std::move(Opts)), Relocator(Options.Root, Options.ToolDir) {
  for (std::unique_ptr<CacheBackend> &B : Backends) {
    Layer L;
    L.Stats.Name = B->name();
    L.Backend = std::move(B);
    Layers.push_back(std::move(L));
  }
  IdentityHash = sha256Hex(Relocator.relocateText(Options.Identity));
  if (!Options.Warn)
    Options.Warn = [](const std::string &M) {
      errs() << "errlint: warning: " << M << "\n";
    };
}

ResultCache::~ResultCache() = default;

bool ResultCache::open() {
  for (Layer &L : Layers) {
    CacheReply R = timed(L, [&] { return L.Backend->open(); });
    if (R.Status == CacheStatus::Ok)
      continue;
    ++L.Stats.Failures;
    // A directory's message names it already.
    disable(L, L.Backend->isLocal() ? R.Error : describe(L, R.Error));
  }
  return llvm::any_of(Layers,
                      [](const Layer &L) { return !L.Stats.Disabled; });
}

std::string ResultCache::describe(const Layer &L, const std::string &Error) {
  return "cache '" + L.Stats.Name + "': " + Error;
}

void ResultCache::warnOnce(Layer &L, const std::string &Message) {
  if (L.Warned)
    return;
  L.Warned = true;
  Options.Warn(Message);
}

void ResultCache::disable(Layer &L, const std::string &Message) {
  L.Stats.Disabled = true;
  bool Others =
      llvm::any_of(Layers, [](const Layer &O) { return !O.Stats.Disabled; });
  warnOnce(L, Message + (Others ? "; analyzing without it"
                                : "; analyzing without a cache"));
}

CacheReply ResultCache::timed(Layer &L,
                              const std::function<CacheReply()> &Request) {
  auto Start = std::chrono::steady_clock::now();
  CacheReply R = Request();
  L.Stats.Seconds += std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - Start)
                         .count();
  return R;
}

CacheReply ResultCache::call(Layer &L,
                             const std::function<CacheReply()> &Request) {
  CacheReply R = timed(L, Request);
  if (R.Status != CacheStatus::Failed)
    return R;
  // The circuit breaker: a backend that keeps failing costs at most
  // MaxFailures timeouts.
  if (++L.Stats.Failures >= Options.MaxFailures)
    disable(L, describe(L, R.Error));
  else
    warnOnce(L, describe(L, R.Error) + "; it is not asked again after " +
                    std::to_string(Options.MaxFailures) +
                    " failures in a run");
  return R;
}

bool ResultCache::writable(const Layer &L) const {
  if (L.Stats.Disabled || L.WritesRefused)
    return false;
  return Options.Mode == CacheMode::ReadWrite ||
         (Options.Mode == CacheMode::RemoteReadOnly && L.Backend->isLocal());
}

std::vector<CacheLayerStats> ResultCache::stats() const {
  std::vector<CacheLayerStats> Out;
  for (const Layer &L : Layers)
    Out.push_back(L.Stats);
  return Out;
}

//===----------------------------------------------------------------------===//
// Entries
//===----------------------------------------------------------------------===//

std::string ResultCache::relativeKey(const std::string &Key) const {
  return Relocator.relocateText(Key);
}

std::string ResultCache::addressOf(const std::string &RelKey) const {
  return sha256Hex(IdentityHash + '\0' + RelKey);
}

std::optional<std::string> ResultCache::contentHash(const std::string &Path) {
  auto It = Hashes.find(Path);
  if (It != Hashes.end())
    return It->second;
  std::optional<std::string> H;
  if (auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false)) {
    // BLAKE3, not a faster non-cryptographic hash: a writer must not be
    // able to make two versions of a header that hash the same.
    BLAKE3Result<16> D =
        BLAKE3::hash<16>(arrayRefFromStringRef((*Buf)->getBuffer()));
    H = toHex(ArrayRef<uint8_t>(D.data(), D.size()), /*LowerCase=*/true);
  }
  Hashes[Path] = H;
  return H;
}

bool ResultCache::filesUnchanged(const json &Files) {
  for (const json &F : Files) {
    std::optional<std::string> Now =
        contentHash(Relocator.fromEntry(F.at(0).get<std::string>()));
    if (!Now || *Now != F.at(1).get<std::string>())
      return false;
  }
  return true;
}

std::string ResultCache::encode(const std::string &Address,
                                const std::string &RelKey,
                                const UnitResult &R) {
  json Deps = json::array();
  for (const std::string &F : R.Files) {
    std::optional<std::string> H = contentHash(F);
    if (!H)
      return ""; // A file gone already: nothing safe to store.
    Deps.push_back({Relocator.toEntry(F), *H});
  }
  UnitResult Rel = R;
  mapPaths(Rel, [&](const std::string &P) { return Relocator.toEntry(P); });
  json Out = json::array();
  for (const Finding &F : Rel.Findings)
    Out.push_back(findingJson<json>(F, {}, {/*NoteText=*/true, ""}));
  json Entry = {{"format", EntryFormat},
                {"identity", IdentityHash},
                {"key", RelKey},
                {"files", Deps},
                {"findings", Out}};
  writeInference(Entry, Rel.Inference);
  if (!Options.Secret.empty())
    Entry["mac"] = hmacSha256Hex(Options.Secret,
                                 signedText(Address, dumpEntry(Entry)));
  return dumpEntry(Entry);
}

ResultCache::Verdict ResultCache::decode(const std::string &Address,
                                         const std::string &RelKey,
                                         const std::string &Bytes,
                                         UnitResult &Out) {
  json Entry = json::parse(Bytes, nullptr, /*allow_exceptions=*/false);
  // A truncated, corrupt, foreign or unsigned entry is a miss, never an
  // error.
  try {
    if (!Entry.is_object() || Entry.value("format", 0) != EntryFormat ||
        Entry.at("identity") != IdentityHash || Entry.at("key") != RelKey)
      return Verdict::Untrusted;
    if (!Options.Secret.empty()) {
      std::string Mac = Entry.value("mac", "");
      Entry.erase("mac");
      if (!constantTimeEquals(
              Mac, hmacSha256Hex(Options.Secret,
                                 signedText(Address, dumpEntry(Entry)))))
        return Verdict::Untrusted;
    }
    UnitResult R;
    for (const json &F : Entry.at("findings"))
      R.Findings.push_back(findingFromJson(F));
    R.Inference = readInference(Entry);
    if (!filesUnchanged(Entry.at("files")))
      return Verdict::Stale;
    mapPaths(R, [&](const std::string &P) { return Relocator.fromEntry(P); });
    R.FromCache = true;
    Out = std::move(R);
    return Verdict::Hit;
  } catch (const json::exception &) {
    return Verdict::Untrusted;
  }
}

//===----------------------------------------------------------------------===//
// Lookups and stores
//===----------------------------------------------------------------------===//

std::optional<UnitResult> ResultCache::lookup(const std::string &Key) {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::string RelKey = relativeKey(Key);
  std::string Address = addressOf(RelKey);
  for (size_t I = 0; I < Layers.size(); ++I) {
    Layer &L = Layers[I];
    if (L.Stats.Disabled)
      continue;
    std::string Bytes;
    CacheReply Got = call(L, [&] { return L.Backend->get(Address, Bytes); });
    if (Got.Status != CacheStatus::Ok) {
      L.Stats.Misses += Got.Status == CacheStatus::Missing;
      continue;
    }
    UnitResult R;
    Verdict V = decode(Address, RelKey, Bytes, R);
    if (V != Verdict::Hit) {
      ++L.Stats.Misses;
      L.Stats.Rejected += V == Verdict::Untrusted;
      continue;
    }
    ++L.Stats.Hits;
    // The layers in front (a local directory) keep a copy for next time.
    for (size_t J = 0; J < I; ++J)
      if (writable(Layers[J]))
        write(Layers[J], Address, Bytes);
    return R;
  }
  return std::nullopt;
}

void ResultCache::store(const std::string &Key, const UnitResult &R) {
  if (Options.Mode == CacheMode::ReadOnly)
    return;
  std::lock_guard<std::mutex> Lock(Mutex);
  std::string RelKey = relativeKey(Key);
  std::string Address = addressOf(RelKey);
  std::string Bytes;
  for (Layer &L : Layers) {
    if (!writable(L))
      continue;
    if (Bytes.empty())
      Bytes = encode(Address, RelKey, R);
    if (Bytes.empty())
      return;
    write(L, Address, Bytes);
  }
}

void ResultCache::write(Layer &L, const std::string &Address,
                        const std::string &Bytes) {
  CacheReply Put = call(L, [&] { return L.Backend->put(Address, Bytes); });
  if (Put.Status == CacheStatus::Ok) {
    ++L.Stats.Writes;
  } else if (Put.Status == CacheStatus::Refused) {
    // A server that refuses one write refuses the next: reads go on.
    L.WritesRefused = true;
    warnOnce(L, "cache '" + L.Stats.Name + "' refuses writes (" + Put.Error +
                    "); nothing more is written to it");
  }
}

} // namespace errlint
