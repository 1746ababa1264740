// StreamAuthorizer: stream key secrets from a flat file.
#include "ingestd/stream_authorizer.h"

#include <fstream>

namespace ingestd {

bool StreamAuthorizer::load(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return false;
  std::map<std::string, std::string> fresh;
  std::string key, secret;
  while (in >> key >> secret) {
    if (!key.empty() && key[0] == '#') {
      std::getline(in, secret);
      continue;
    }
    fresh[key] = secret;
  }
  const bool complete = in.eof();
  in.close();
  if (!complete)
    return false;
  std::lock_guard<std::mutex> lk(mu_);
  secrets_.swap(fresh);
  loaded_ = true;
  return true;
}

bool StreamAuthorizer::allowed(const std::string &streamKey, const std::string &secret) const {
  std::lock_guard<std::mutex> lk(mu_);
  if (!loaded_)
    return true;
  auto it = secrets_.find(streamKey);
  return it != secrets_.end() && it->second == secret;
}

} // namespace ingestd
