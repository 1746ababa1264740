// PartAssembler: concatenates spooled parts and uploads the result.
#include "objgw/PartAssembler.h"

#include "objgw/BackendConnection.h"
#include "objgw/FileUtil.h"
#include "objgw/UploadSession.h"

#include <cstdio>
#include <stdexcept>

namespace objgw {

PartAssembler::PartAssembler(std::string workDir) : workDir_(std::move(workDir)) {}

AssembledObject PartAssembler::assemble(const UploadSession &session) const {
  AssembledObject obj;
  obj.path = workDir_ + "/objgw-" + session.id() + ".assembled";
  std::FILE *out = std::fopen(obj.path.c_str(), "w+b");
  if (!out)
    throw std::runtime_error("cannot create " + obj.path);

  for (const PartInfo &part : session.parts()) {
    std::FILE *in = std::fopen(part.path.c_str(), "rb");
    if (!in) {
      std::fclose(out);
      std::remove(obj.path.c_str());
      throw std::runtime_error("part " + std::to_string(part.number) + " of upload " + session.id() + " is missing");
    }
    const long copied = fileutil::copyStream(in, out);
    std::fclose(in); // OK: copyStream() leaves both streams open
    if (copied < 0) {
      std::fclose(out); // OK: error path, `out` has not been closed before
      std::remove(obj.path.c_str());
      throw std::runtime_error("cannot copy part " + std::to_string(part.number) + " into " + obj.path);
    }
    obj.size += copied;
  }

  obj.etag = fileutil::etagOf(out); // OK: computed before `out` is closed
  if (std::fclose(out) != 0) {
    std::remove(obj.path.c_str());
    throw std::runtime_error("cannot finish " + obj.path);
  }
  return obj;
}

void PartAssembler::upload(const AssembledObject &obj, BackendConnection &conn, const std::string &key) const {
  std::FILE *in = std::fopen(obj.path.c_str(), "rb");
  if (!in)
    throw std::runtime_error("assembled object vanished: " + obj.path);
  const std::string body = fileutil::readFully(in);
  std::fclose(in); // BUG: double-close
  const bool stored = conn.put(key, body);
  std::remove(obj.path.c_str());
  if (!stored)
    throw std::runtime_error("backend " + conn.endpoint().str() + " rejected " + key);
}

} // namespace objgw
