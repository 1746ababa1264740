// Backup uploader: streams object parts to the storage gateway over an
// UploadStream (defined below), stages chunks in a local file and writes a
// manifest descriptor. Each upload job gets one UploadStream from the pool;
// the job must not outlive it.
#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace backup {

struct UploadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// UploadStream: send() throws UploadError when the socket write fails and
// std::runtime_error("upload stream closed") once close() was called.
// close() releases the socket; closing again is a no-op.
class UploadStream {
public:
  explicit UploadStream(int Sock) : Sock(Sock) {}
  void send(const std::string &Bytes);
  void close();

private:
  int Sock;
};

void UploadStream::send(const std::string &Bytes) {
  if (Sock < 0)
    throw std::runtime_error("upload stream closed");
  if (::write(Sock, Bytes.data(), Bytes.size()) != static_cast<ssize_t>(Bytes.size()))
    throw UploadError("short write to gateway");
}

void UploadStream::close() {
  if (Sock < 0)
    return;
  ::close(Sock);
  Sock = -1;
}

struct Part {
  std::string ObjectKey;
  std::string Body;
  bool LastOfObject = false;
};

class Uploader {
public:
  Uploader(UploadStream &Stream, std::string StagePath)
      : Stream(Stream), StagePath(std::move(StagePath)) {}
  bool uploadWithRetry(const std::string &Blob);
  void uploadParts(const std::vector<Part> &Parts);
  bool stageChunks(const std::vector<std::string> &Chunks);
  void writeManifest(int ManifestFd, const std::vector<Part> &Parts);

private:
  UploadStream &Stream;
  std::string StagePath;
  static constexpr int MaxAttempts = 3;
};

bool Uploader::uploadWithRetry(const std::string &Blob) {
  for (int Attempt = 1; Attempt <= MaxAttempts; ++Attempt) {
    try {
      Stream.send(Blob); // BUG: use-after-close
      return true;
    } catch (const UploadError &E) {
      std::fprintf(stderr, "upload attempt %d failed: %s\n", Attempt, E.what());
      Stream.close();
    }
  }
  return false;
}

// Parts of several objects arrive interleaved by object; LastOfObject marks
// the final part of each object.
void Uploader::uploadParts(const std::vector<Part> &Parts) {
  for (const Part &P : Parts) {
    Stream.send(P.ObjectKey + "\n" + P.Body); // BUG: use-after-close
    if (P.LastOfObject)
      Stream.close();
  }
}

// An empty chunk is the end-of-stream marker.
bool Uploader::stageChunks(const std::vector<std::string> &Chunks) {
  int Fd = ::open(StagePath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (Fd < 0)
    return false;
  bool Complete = false;
  for (const std::string &C : Chunks) {
    if (C.empty()) {
      ::close(Fd);
      Complete = true;
      break;
    }
    ::write(Fd, C.data(), C.size()); // OK: the close above is followed by break
  }
  ::close(Fd); // BUG: double-close
  return Complete;
}

void Uploader::writeManifest(int ManifestFd, const std::vector<Part> &Parts) {
  if (Parts.empty()) {
    ::close(ManifestFd);
    return;
  }
  for (std::size_t I = 0; I < Parts.size(); ++I) {
    const std::string Line = Parts[I].ObjectKey + " " + std::to_string(Parts[I].Body.size()) + "\n";
    ::write(ManifestFd, Line.data(), Line.size()); // OK: closed only after the last write
    if (I + 1 == Parts.size())
      ::close(ManifestFd);
  }
}

} // namespace backup
