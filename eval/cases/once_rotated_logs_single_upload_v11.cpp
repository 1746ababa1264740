// Uploads rotated log files to an object store staging directory. A
// MultipartUpload stages parts in a temporary file; finish() closes the
// staging stream and publishes the object, and appendPart()/finish() throw
// once it is finished. uploadRotatedLogs() creates one upload before the loop
// but finishes it at the end of every file's iteration, so the second file's
// parts go to a finished upload, and an empty second file finishes it twice.
// The per-file fclose(src) is fine: every iteration opens its own stream.
// uploadSingle() finishes exactly once, after its loop.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class MultipartUpload {
public:
  MultipartUpload(const std::string &dir, std::string key)
      : key_(std::move(key)), tmpPath_(dir + "/." + key_ + ".part"), finalPath_(dir + "/" + key_) {
    fp_ = std::fopen(tmpPath_.c_str(), "wb");
    if (fp_ == nullptr)
      throw std::runtime_error("cannot stage upload " + key_);
  }
  ~MultipartUpload() {
    if (fp_ != nullptr) { // abandoned upload
      std::fclose(fp_);
      std::remove(tmpPath_.c_str());
    }
  }
  MultipartUpload(const MultipartUpload &) = delete;
  MultipartUpload &operator=(const MultipartUpload &) = delete;

  void appendPart(const char *data, std::size_t n) {
    if (fp_ == nullptr)
      throw std::logic_error("appendPart on finished upload " + key_);
    if (std::fwrite(data, 1, n, fp_) != n)
      throw std::runtime_error("staging write failed for " + key_);
    ++parts_;
  }

  void finish() {
    if (fp_ == nullptr)
      throw std::logic_error("upload " + key_ + " finished twice");
    std::fflush(fp_);
    ::fsync(::fileno(fp_));
    std::fclose(fp_);
    fp_ = nullptr;
    std::rename(tmpPath_.c_str(), finalPath_.c_str());
  }

private:
  std::string key_, tmpPath_, finalPath_;
  std::FILE *fp_ = nullptr;
  int parts_ = 0;
};

void uploadRotatedLogs(const std::vector<std::string> &files, const std::string &stagingDir,
                       const std::string &day) {
  MultipartUpload upload(stagingDir, "logs-" + day);
  char buf[1 << 16];
  for (const auto &path : files) {
    std::FILE *src = std::fopen(path.c_str(), "rb");
    if (src == nullptr)
      continue;
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, src)) > 0)
      upload.appendPart(buf, n); // BUG: use-after-close
    std::fclose(src); // OK: each iteration fcloses the stream it opened
    upload.finish(); // BUG: double-close
  }
}

void uploadSingle(const std::string &path, const std::string &stagingDir, const std::string &key) {
  std::FILE *src = std::fopen(path.c_str(), "rb");
  if (src == nullptr)
    throw std::runtime_error("cannot open " + path);
  MultipartUpload upload(stagingDir, key);
  std::vector<char> buf(1 << 20);
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), src)) > 0)
    upload.appendPart(buf.data(), n); // OK: finish() runs only after the loop
  std::fclose(src);
  upload.finish(); // OK: the single finish for this upload
}
