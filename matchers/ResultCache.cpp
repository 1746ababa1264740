//===- ResultCache.cpp - Findings of unchanged translation units ----------===//

#include "ResultCache.h"
#include "FindingWire.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <nlohmann/json.hpp>

using namespace llvm;
using json = nlohmann::json;

namespace errlint {
namespace {

/// Bumped whenever the entry layout changes.
constexpr int EntryFormat = 2;

/// Temporary files older than this belong to a run that died.
constexpr std::chrono::hours StaleAfter(1);


/// The content hash of a file; std::nullopt when it cannot be read.
std::optional<std::string> contentHash(const std::string &Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return utohexstr(xxh3_64bits((*Buf)->getBuffer())) + ":" +
         utostr((*Buf)->getBufferSize());
}

/// True when every file of the entry still has the content it had.
bool filesUnchanged(const json &Files) {
  for (const json &F : Files) {
    std::optional<std::string> Now = contentHash(F.at(0).get<std::string>());
    if (!Now || *Now != F.at(1).get<std::string>())
      return false;
  }
  return true;
}

} // namespace

std::string sha256Hex(const std::string &Text) {
  SHA256 H;
  H.update(Text);
  std::array<uint8_t, 32> Digest = H.final();
  return toHex(ArrayRef<uint8_t>(Digest.data(), Digest.size()),
               /*LowerCase=*/true);
}

ResultCache::ResultCache(std::string Dir, std::string Identity)
    : Dir(std::move(Dir)), Identity(sha256Hex(Identity)) {}

bool ResultCache::open(std::string &Error) {
  if (std::error_code EC = sys::fs::create_directories(Dir)) {
    Error = "cannot use cache directory '" + Dir + "': " + EC.message();
    return false;
  }
  std::error_code EC;
  auto Now = std::chrono::system_clock::now();
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (!StringRef(It->path()).ends_with(".tmp"))
      continue;
    ErrorOr<sys::fs::basic_file_status> St = It->status();
    if (St && Now - St->getLastModificationTime() > StaleAfter)
      sys::fs::remove(It->path());
  }
  return true;
}

std::string ResultCache::entryPath(const std::string &Key) const {
  SmallString<256> P(Dir);
  sys::path::append(P, sha256Hex(Identity + '\0' + Key) + ".json");
  return std::string(P);
}

std::optional<WireResult> ResultCache::lookup(const std::string &Key) const {
  auto Buf = MemoryBuffer::getFile(entryPath(Key));
  if (!Buf)
    return std::nullopt;
  json Entry = json::parse((*Buf)->getBuffer().begin(),
                           (*Buf)->getBuffer().end(), nullptr,
                           /*allow_exceptions=*/false);
  // A truncated, corrupt or foreign entry is a miss, never an error.
  try {
    if (!Entry.is_object() || Entry.at("format") != EntryFormat ||
        Entry.at("identity") != Identity || Entry.at("key") != Key ||
        !filesUnchanged(Entry.at("files")))
      return std::nullopt;
    WireResult R;
    for (const json &F : Entry.at("findings"))
      R.Findings.push_back(findingFromJson(F));
    R.Facts = factsFromJson(Entry.at("facts"));
    R.Pending = Entry.at("pending").get<std::vector<std::string>>();
    R.PendingDigest = Entry.at("pendingDigest").get<std::string>();
    R.FromCache = true;
    return R;
  } catch (const json::exception &) {
    return std::nullopt;
  }
}

void ResultCache::store(const std::string &Key, const WireResult &R) const {
  json Deps = json::array();
  for (const std::string &F : R.Files) {
    std::optional<std::string> H = contentHash(F);
    if (!H)
      return; // A file gone already: nothing safe to store.
    Deps.push_back({F, *H});
  }
  json Out = json::array();
  for (const Finding &F : R.Findings)
    Out.push_back(findingToJson(F));
  json Entry = {{"format", EntryFormat},    {"identity", Identity},
                {"key", Key},               {"files", Deps},
                {"findings", Out},          {"facts", factsToJson(R.Facts)},
                {"pending", R.Pending},     {"pendingDigest", R.PendingDigest}};
  SmallString<256> Model(Dir);
  sys::path::append(Model, "entry-%%%%%%%%.tmp");
  int FD;
  SmallString<256> Temp;
  if (sys::fs::createUniqueFile(Model, FD, Temp))
    return;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Entry.dump();
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Temp);
      return;
    }
  }
  if (sys::fs::rename(Temp, entryPath(Key)))
    sys::fs::remove(Temp);
}

} // namespace errlint
