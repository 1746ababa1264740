// One S3 multipart upload, spooled to local temp files.
//
// Each part is streamed into its own temp file: the first appendPart() of a part
// opens it (FILE*), further appendPart() calls append, sealPart() closes it.
// Semantics: appendPart() on a sealed part throws std::runtime_error; once the
// session is completed or aborted appendPart() and sealPart() throw too.
// complete() seals the parts that are still open. abort() closes the open part
// files and deletes every part file. The destructor closes part files that are
// still open. removeFiles() deletes the part files of a completed upload.
#pragma once
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace objgw {

struct PartInfo {
  int number = 0;
  std::string path;
  long size = 0;
};

class UploadSession {
public:
  UploadSession(std::string id, std::string key, std::string spoolDir);
  ~UploadSession();
  UploadSession(const UploadSession &) = delete;
  UploadSession &operator=(const UploadSession &) = delete;

  void appendPart(int number, const std::string &data);
  void sealPart(int number);
  void complete();
  void abort();
  void removeFiles();

  // Sealed parts ordered by part number.
  std::vector<PartInfo> parts() const;
  const std::string &id() const { return id_; }
  const std::string &key() const { return key_; }

private:
  enum class State { Open, Completed, Aborted };
  struct Part {
    std::string path;
    std::FILE *fp = nullptr;
    long size = 0;
    bool sealed = false;
  };
  void requireOpenState(const char *op) const;

  std::string id_;
  std::string key_;
  std::string spoolDir_;
  std::map<int, Part> parts_;
  State state_ = State::Open;
};

} // namespace objgw
