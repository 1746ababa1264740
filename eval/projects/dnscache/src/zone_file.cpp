// Local authoritative A records with $TTL and $INCLUDE.
#include "dnscache/zone_file.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cctype>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "dnscache/logging.h"

namespace dnscache {

namespace {

constexpr int kMaxIncludeDepth = 8;

std::string normalize(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (!name.empty() && name.back() == '.')
    name.pop_back();
  return name;
}

std::string resolveRelative(const std::string &parent, const std::string &file) {
  if (!file.empty() && file.front() == '/')
    return file;
  const auto slash = parent.rfind('/');
  return slash == std::string::npos ? file : parent.substr(0, slash + 1) + file;
}

bool isNumber(const std::string &s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

} // namespace

ZoneFile::ZoneFile(std::string path)
    : path_(std::move(path)), records_(std::make_shared<const Records>()) {}

bool ZoneFile::load() {
  auto fresh = std::make_shared<Records>();
  uint32_t defaultTtl = 3600;
  if (!loadFile(path_, 0, defaultTtl, *fresh))
    return false;
  const std::size_t n = fresh->size();
  {
    std::lock_guard<std::mutex> lk(mu_);
    records_ = std::move(fresh);
  }
  logInfo("zone: %zu records from %s", n, path_.c_str());
  return true;
}

bool ZoneFile::loadFile(const std::string &path, int depth, uint32_t &defaultTtl, Records &out) {
  if (depth > kMaxIncludeDepth) {
    logWarn("zone: $INCLUDE nesting too deep at %s", path.c_str());
    return false;
  }
  std::ifstream in(path);
  if (!in.is_open()) {
    logWarn("zone: cannot open %s", path.c_str());
    return false;
  }
  std::string line;
  while (std::getline(in, line)) {
    const auto semi = line.find(';');
    if (semi != std::string::npos)
      line.erase(semi);
    std::istringstream fields(line);
    std::string first;
    if (!(fields >> first))
      continue;
    if (first == "$TTL") {
      fields >> defaultTtl;
      continue;
    }
    if (first == "$INCLUDE") {
      std::string file;
      fields >> file;
      // Long include chains would keep one descriptor open per level: close
      // this file while the child is read, then resume where we left off.
      const std::streampos resume = in.tellg();
      in.close();
      const bool ok = loadFile(resolveRelative(path, file), depth + 1, defaultTtl, out);
      in.open(path);
      in.seekg(resume); // OK: reopened on the line above, then positioned after the $INCLUDE line
      if (!ok || !in)
        return false;
      continue;
    }
    // name [ttl] [IN] A address
    std::vector<std::string> tokens{first};
    std::string tok;
    while (fields >> tok)
      tokens.push_back(tok);
    std::size_t i = 1;
    uint32_t ttl = defaultTtl;
    if (i < tokens.size() && isNumber(tokens[i]))
      ttl = static_cast<uint32_t>(std::stoul(tokens[i++]));
    if (i < tokens.size() && tokens[i] == "IN")
      ++i;
    if (i + 1 >= tokens.size() || tokens[i] != "A")
      continue; // only A records are served locally
    in_addr addr{};
    if (::inet_pton(AF_INET, tokens[i + 1].c_str(), &addr) != 1)
      continue;
    Record rec{ttl, {}};
    std::memcpy(rec.addr.data(), &addr, 4);
    out[normalize(first)] = rec;
  }
  return !in.bad();
}

std::optional<std::string> ZoneFile::answer(const DnsMessage &query) const {
  if (query.question().qtype != kTypeA || query.question().qclass != kClassIN)
    return std::nullopt;
  std::shared_ptr<const Records> records;
  {
    std::lock_guard<std::mutex> lk(mu_);
    records = records_;
  }
  auto it = records->find(query.question().name);
  if (it == records->end())
    return std::nullopt;
  return DnsMessage::makeA(query.wire(), it->second.addr, it->second.ttl);
}

std::size_t ZoneFile::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return records_->size();
}

} // namespace dnscache
