//===- CacheBackend.cpp - Cache locations, and the directory backend -----===//

#include "CacheBackend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;

namespace errlint {

CacheBackend::~CacheBackend() = default;

std::unique_ptr<CacheBackend> makeBackend(const CacheLocation &L,
                                          const BackendLimits &Limits) {
  switch (L.K) {
  case CacheLocation::Directory:
    return makeDirectoryBackend(L.Path);
  case CacheLocation::Redis:
    return makeRedisBackend(L, Limits);
  case CacheLocation::Http:
    return makeHttpBackend(L, Limits);
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// A directory
//===----------------------------------------------------------------------===//

namespace {

/// Temporary files older than this belong to a run that died.
constexpr std::chrono::hours StaleAfter(1);

/// Entries are files named by their address. Each is written to a unique
/// temporary file and renamed into place, so concurrent runs sharing the
/// directory never read a partial entry (the last writer wins) and a killed
/// run leaves at most a temporary file, removed by a later run.
class DirectoryBackend : public CacheBackend {
public:
  explicit DirectoryBackend(std::string Dir) : Dir(std::move(Dir)) {}

  std::string name() const override { return Dir; }
  bool isLocal() const override { return true; }

  CacheReply open() override {
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return CacheReply::failed("cannot use cache directory '" + Dir +
                                "': " + EC.message());
    removeStaleTemporaries();
    return CacheReply::ok();
  }

  CacheReply get(const std::string &Address, std::string &Bytes) override {
    auto Buf = MemoryBuffer::getFile(entryPath(Address), /*IsText=*/false,
                                     /*RequiresNullTerminator=*/false);
    if (!Buf)
      return CacheReply::missing();
    if ((*Buf)->getBufferSize() > MaxEntryBytes)
      return CacheReply::missing();
    Bytes = (*Buf)->getBuffer().str();
    return CacheReply::ok();
  }

  CacheReply put(const std::string &Address,
                 const std::string &Bytes) override {
    SmallString<256> Model(Dir);
    sys::path::append(Model, "entry-%%%%%%%%.tmp");
    int FD;
    SmallString<256> Temp;
    if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp))
      return CacheReply::refused(EC.message());
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Bytes;
    OS.close();
    if (OS.has_error()) {
      std::string E = OS.error().message();
      OS.clear_error();
      sys::fs::remove(Temp);
      return CacheReply::refused(E);
    }
    if (std::error_code EC = sys::fs::rename(Temp, entryPath(Address))) {
      sys::fs::remove(Temp);
      return CacheReply::refused(EC.message());
    }
    return CacheReply::ok();
  }

private:
  std::string entryPath(const std::string &Address) const {
    SmallString<256> P(Dir);
    sys::path::append(P, Address + ".json");
    return std::string(P);
  }

  void removeStaleTemporaries() {
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
  }

  std::string Dir;
};

} // namespace

std::unique_ptr<CacheBackend> makeDirectoryBackend(std::string Dir) {
  return std::make_unique<DirectoryBackend>(std::move(Dir));
}

} // namespace errlint
