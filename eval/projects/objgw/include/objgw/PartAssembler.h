// Turns the sealed parts of an UploadSession into one object and stores it.
// assemble() concatenates the parts into a temp file next to them and computes
// the ETag; upload() sends that file to a backend connection and removes it.
#pragma once
#include <string>

namespace objgw {

class BackendConnection;
class UploadSession;

struct AssembledObject {
  std::string path;
  std::string etag;
  long size = 0;
};

class PartAssembler {
public:
  explicit PartAssembler(std::string workDir);

  AssembledObject assemble(const UploadSession &session) const;
  void upload(const AssembledObject &obj, BackendConnection &conn, const std::string &key) const;

private:
  std::string workDir_;
};

} // namespace objgw
