// Negative. The storage client's helpers close the bucket session only on
// their error paths and report it: openUpload() returns a Status, verifyEtag()
// returns std::optional, and quarantine() closes and then calls a
// [[noreturn]] fatal(). Every caller checks the result and stops using the
// session on the failure path, so each later put() runs only where the helper
// did not close it.
#include <cstdlib>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class BucketSession {
public:
  explicit BucketSession(std::string bucket) : bucket_(std::move(bucket)) {}

  bool put(const std::string &key, const std::string &body) {
    if (closed_)
      throw std::runtime_error("bucket session closed: " + bucket_);
    objects_.push_back(key + "=" + body);
    return !body.empty();
  }
  void close() { closed_ = true; }

private:
  std::string bucket_;
  std::vector<std::string> objects_;
  bool closed_ = false;
};

enum class Status { Ok, Rejected };

[[noreturn]] void fatal(const std::string &why) {
  std::cerr << "fatal: " << why << '\n';
  std::abort();
}

Status openUpload(BucketSession &session, const std::string &key) {
  if (!session.put(key + ".lock", "1")) {
    session.close();
    return Status::Rejected;
  }
  return Status::Ok;
}

std::optional<std::string> verifyEtag(BucketSession &session, const std::string &key,
                                      const std::string &etag) {
  if (etag.size() != 32) {
    session.close();
    return std::nullopt;
  }
  session.put(key + ".etag", etag);
  return etag;
}

void quarantine(BucketSession &session, const std::string &key, bool infected) {
  if (infected) {
    session.close();
    fatal("infected upload " + key);
  }
}

bool uploadObject(BucketSession &session, const std::string &key,
                  const std::string &body, const std::string &etag) {
  if (openUpload(session, key) != Status::Ok)
    return false;
  session.put(key, body); // OK: openUpload() closes only when it returns Rejected
  std::optional<std::string> verified = verifyEtag(session, key, etag);
  if (!verified)
    return false;
  session.put(key + ".meta", "etag=" + *verified); // OK: verifyEtag() closes only when it returns nullopt
  quarantine(session, key, body.find("EICAR") != std::string::npos);
  session.put(key + ".scanned", "clean"); // OK: quarantine() never returns after closing
  return true;
}
