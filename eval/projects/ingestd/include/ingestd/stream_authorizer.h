// Stream keys and their shared secrets, from a file of "key secret" lines.
// load() reads the whole file and closes it; allowed() only looks at the
// in-memory table. With no file loaded every stream key is allowed.
#pragma once
#include <map>
#include <mutex>
#include <string>

namespace ingestd {

class StreamAuthorizer {
public:
  bool load(const std::string &path);
  bool allowed(const std::string &streamKey, const std::string &secret) const;

private:
  mutable std::mutex mu_;
  std::map<std::string, std::string> secrets_;
  bool loaded_ = false;
};

} // namespace ingestd
