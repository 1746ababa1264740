// Backup agent: archives the chunks of a volume snapshot into a local archive
// file (FILE*) and streams the same chunks to object storage (UploadStream).
// Every helper closes what it was given only on its own failure path and then
// reports it: writeChunk() returns an errno code, putChunk()/beginUpload()
// return false, sealArchive() throws BackupError.
// Negative case: each caller goes on only when the helper succeeded, returns on
// every failure without touching the object the helper closed, and closes the
// other, still open object exactly once; main() aborts the upload only for the
// results that leave it open.
// UploadStream semantics: put()/commit() throw std::runtime_error once closed;
// close() and abort() throw std::logic_error on a closed stream.
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct BackupError : std::runtime_error { using std::runtime_error::runtime_error; };

struct Chunk {
  std::string id;
  std::vector<char> bytes;
  unsigned checksum = 0;
};

static unsigned crc(const std::vector<char> &b) {
  unsigned h = 2166136261u;
  for (char c : b)
    h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

class UploadStream {
public:
  bool begin(const std::string &key) { requireOpen(); key_ = key; return !key.empty(); }
  void put(const Chunk &c) { requireOpen(); bytes_ += c.bytes.size(); }
  void close() { markClosed("close"); std::printf("uploaded %zu bytes to %s\n", bytes_, key_.c_str()); }
  void abort() { markClosed("abort"); std::printf("aborted multipart upload %s\n", key_.c_str()); }
private:
  void requireOpen() const { if (closed_) throw std::runtime_error("upload stream closed"); }
  void markClosed(const char *what) {
    if (closed_)
      throw std::logic_error(std::string(what) + " on a closed upload stream");
    closed_ = true;
  }
  std::string key_;
  size_t bytes_ = 0;
  bool closed_ = false;
};

// 0 on success; on failure the archive file has been closed and an errno code returned.
static int writeChunk(std::FILE *out, const Chunk &c) {
  if (std::fwrite(c.bytes.data(), 1, c.bytes.size(), out) != c.bytes.size()) {
    std::fclose(out);
    return EIO;
  }
  return 0;
}

// false (stream closed) when the chunk is corrupt; the remote side must not see it.
static bool putChunk(UploadStream &up, const Chunk &c) {
  if (crc(c.bytes) != c.checksum) {
    up.close();
    return false;
  }
  up.put(c);
  return true;
}

static bool beginUpload(UploadStream &up, const std::string &key) {
  if (!up.begin(key)) {
    up.abort();
    return false;
  }
  return true;
}

// Throws BackupError after closing the archive when the trailer cannot be written.
static void sealArchive(std::FILE *out, size_t chunkCount) {
  if (std::fprintf(out, "TRAILER %zu\n", chunkCount) < 0) {
    std::fclose(out);
    throw BackupError("cannot write archive trailer");
  }
}

enum class Result { Done, LocalIoError, CorruptChunk, NoUpload };

Result archiveSnapshot(const std::string &path, const std::string &key,
                       const std::vector<Chunk> &chunks, UploadStream &up) {
  if (!beginUpload(up, key))
    return Result::NoUpload;
  std::FILE *out = std::fopen(path.c_str(), "wb");
  if (!out)
    return Result::LocalIoError;
  for (const Chunk &c : chunks) {
    if (writeChunk(out, c) != 0)
      return Result::LocalIoError;
    if (!putChunk(up, c)) {
      std::fclose(out); // OK: putChunk closed the upload stream, the archive is still open
      return Result::CorruptChunk;
    }
    std::fflush(out); // OK: writeChunk succeeded, so the archive is open
  }
  try {
    sealArchive(out, chunks.size());
  } catch (const BackupError &e) {
    std::fprintf(stderr, "%s: %s\n", path.c_str(), e.what());
    return Result::LocalIoError;
  }
  std::fclose(out); // OK: sealArchive closes only when it throws, and that path returned
  up.close(); // OK: putChunk closes only on its failure path, which returned
  return Result::Done;
}

int main() {
  std::vector<Chunk> chunks;
  for (int i = 0; i < 4; ++i) {
    Chunk c{"chunk-" + std::to_string(i), std::vector<char>(4096, static_cast<char>('a' + i)), 0};
    c.checksum = crc(c.bytes);
    chunks.push_back(c);
  }
  UploadStream up;
  Result r = archiveSnapshot("/tmp/vol7-snap.arc", "backups/vol7/2024-06-01", chunks, up);
  if (r == Result::LocalIoError)
    up.abort(); // OK: only a local failure leaves the upload stream open
  return r == Result::Done ? 0 : 1;
}
