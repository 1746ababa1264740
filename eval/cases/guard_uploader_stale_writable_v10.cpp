// An uploader stores stream_.isOpen() in a local before its quota check; the
// quota check may abort the stream (abort() closes it), and the manifest is
// then written behind the stale local, which is still true: write() throws
// "upload stream closed". pushChunk() re-queries isOpen() after the abort and
// is correct, as is the `while (stream.isOpen())` loop in resumeUpload().
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class UploadStream {
public:
  explicit UploadStream(std::string objectKey) : key_(std::move(objectKey)) {}

  void write(const std::string &bytes) {
    if (!open_)
      throw std::runtime_error("upload stream closed: " + key_);
    written_ += bytes.size();
  }
  void abort() { open_ = false; }
  bool isOpen() const { return open_; }
  std::size_t written() const { return written_; }

private:
  std::string key_;
  std::size_t written_ = 0;
  bool open_ = true;
};

struct Manifest {
  std::string bucket;
  std::vector<std::string> parts;
  std::size_t bytes = 0;

  std::string serialize() const {
    std::string out = bucket + ":";
    for (const std::string &part : parts)
      out += part + ";";
    return out;
  }
};

class Uploader {
public:
  Uploader(UploadStream &stream, std::size_t quota) : stream_(stream), quota_(quota) {}

  bool pushManifest(const Manifest &manifest) {
    const bool writable = stream_.isOpen();
    if (manifest.bytes > quota_) {
      stream_.abort();
      warnings_.push_back("quota exceeded for " + manifest.bucket);
    }
    if (!writable)
      return false;
    stream_.write(manifest.serialize()); // BUG: use-after-close
    return true;
  }

  bool pushChunk(const std::string &chunk) {
    if (stream_.written() + chunk.size() > quota_)
      stream_.abort();
    if (!stream_.isOpen())
      return false;
    stream_.write(chunk); // OK: isOpen() re-queried after the abort
    return true;
  }

  std::size_t resumeUpload(const std::vector<std::string> &chunks) {
    std::size_t index = 0;
    while (stream_.isOpen() && index < chunks.size()) {
      if (chunks[index].empty())
        stream_.abort();
      else
        stream_.write(chunks[index]); // OK: the loop condition re-checks isOpen()
      ++index;
    }
    return index;
  }

private:
  UploadStream &stream_;
  std::size_t quota_;
  std::vector<std::string> warnings_;
};
