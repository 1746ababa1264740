// Multipart upload client for an object store. The transport is a
// net::Connection (send()/flush() throw "connection closed" once close() ran;
// close() is idempotent). writePreamble() closes the connection and returns
// false when a part exceeds the negotiated size limit; checkDigest() calls
// abortUpload(), which closes the connection and always throws, when a part's
// digest does not match. Defects: uploadFast() ignores writePreamble()'s
// result, and resume() sends an ABORT from the handler after checkDigest()
// already closed the connection on its way out.
#include "netconn.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Part {
  int number;
  std::string data;
  unsigned digest;
};

unsigned digestOf(const std::string &data) {
  unsigned h = 2166136261u;
  for (unsigned char c : data)
    h = (h ^ c) * 16777619u;
  return h;
}

bool writePreamble(net::Connection &c, const Part &p, size_t limit) {
  if (p.data.size() > limit) {
    std::fprintf(stderr, "part %d: %zu bytes over limit\n", p.number, p.data.size());
    c.close();
    return false;
  }
  c.send("PART " + std::to_string(p.number) + " " + std::to_string(p.data.size()));
  return true;
}

[[noreturn]] void abortUpload(net::Connection &c, const std::string &why) {
  c.close();
  throw std::runtime_error("upload aborted: " + why);
}

void checkDigest(net::Connection &c, const Part &p) {
  if (digestOf(p.data) != p.digest)
    abortUpload(c, "digest mismatch on part " + std::to_string(p.number));
}

class Uploader {
public:
  Uploader(std::string endpoint, size_t limit) : conn_(std::move(endpoint)), limit_(limit) {}
  bool uploadAll(const std::vector<Part> &parts);
  void uploadFast(const std::vector<Part> &parts);
  void resume(const Part &p);
  void finish();

private:
  net::Connection conn_;
  size_t limit_;
};

bool Uploader::uploadAll(const std::vector<Part> &parts) {
  for (const Part &p : parts) {
    if (!writePreamble(conn_, p, limit_))
      return false;
    checkDigest(conn_, p);
    conn_.send(p.data); // OK: reached only when writePreamble() succeeded and checkDigest() returned
  }
  conn_.flush();
  return true;
}

void Uploader::uploadFast(const std::vector<Part> &parts) {
  for (const Part &p : parts) {
    writePreamble(conn_, p, limit_);
    conn_.send(p.data); // BUG: use-after-close
  }
  conn_.flush();
}

void Uploader::resume(const Part &p) {
  try {
    checkDigest(conn_, p);
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "%s\n", e.what());
    conn_.send("ABORT " + std::to_string(p.number)); // BUG: use-after-close
    return;
  }
  conn_.send(p.data); // OK: checkDigest() returned normally, so it did not close
  conn_.flush();
}

void Uploader::finish() {
  if (conn_.isClosed())
    return;
  conn_.send("COMPLETE");
  conn_.flush(); // OK: isClosed() checked above
  conn_.close();
}

Part makePart(int number, std::string data) {
  unsigned d = digestOf(data);
  return Part{number, std::move(data), d};
}

int main() {
  std::vector<Part> parts{makePart(1, std::string(900, 'a')), makePart(2, std::string(1500, 'b'))};
  Part corrupt = makePart(3, "cccc");
  corrupt.digest ^= 1u;
  Uploader careful("objects.internal:9000", 1024);
  Uploader fast("objects.internal:9000", 1024);
  Uploader resumer("objects.internal:9000", 1024);
  try {
    std::printf("careful: %d\n", careful.uploadAll(parts) ? 1 : 0);
    careful.finish(); // OK: finish() returns when writePreamble() closed the connection
    fast.uploadFast(parts);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "fast upload: %s\n", e.what());
  }
  try {
    resumer.resume(makePart(4, "dddd"));
    resumer.resume(corrupt);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "resume: %s\n", e.what());
  }
  return 0;
}
