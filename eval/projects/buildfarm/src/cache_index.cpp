#include "buildfarm/cache_index.h"

#include <cstdio>
#include <map>
#include <utility>

namespace buildfarm {

CacheIndex::CacheIndex(std::string path) : path_(std::move(path)) {}

CacheIndex::~CacheIndex() {
  if (fp_)
    std::fclose(fp_); // SAME: index_dtor
}

bool CacheIndex::open() {
  if (fp_)
    return true;
  fp_ = std::fopen(path_.c_str(), "a+");
  return fp_ != nullptr;
}

std::vector<CacheEntry> CacheIndex::load() {
  std::vector<CacheEntry> out;
  if (!fp_)
    return out;
  std::rewind(fp_);
  std::map<std::string, CacheEntry> latest;
  char key[129];
  unsigned long long size = 0;
  long long atime = 0;
  while (std::fscanf(fp_, "%128s %llu %lld", key, &size, &atime) == 3) {
    CacheEntry &e = latest[key];
    e.key = key;
    e.size = size;
    if (atime > e.atime)
      e.atime = atime;
  }
  out.reserve(latest.size());
  for (auto &kv : latest)
    out.push_back(std::move(kv.second));
  return out;
}

bool CacheIndex::append(const CacheEntry &entry) {
  if (!fp_)
    return false;
  if (std::fprintf(fp_, "%s %llu %lld\n", entry.key.c_str(),
                   static_cast<unsigned long long>(entry.size),
                   static_cast<long long>(entry.atime)) < 0)
    return false;
  return std::fflush(fp_) == 0;
}

bool CacheIndex::compact(const std::vector<CacheEntry> &keep) {
  // Drop our handle before the file is replaced: on NFS, renaming over a file
  // that is still open leaves a .nfsXXXX file behind in the cache directory.
  std::fclose(fp_);
  const std::string tmp = path_ + ".tmp";
  std::FILE *out = std::fopen(tmp.c_str(), "w");
  if (!out)
    return false;
  for (const CacheEntry &e : keep)
    std::fprintf(out, "%s %llu %lld\n", e.key.c_str(),
                 static_cast<unsigned long long>(e.size),
                 static_cast<long long>(e.atime));
  if (std::fclose(out) != 0 || std::rename(tmp.c_str(), path_.c_str()) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  fp_ = std::fopen(path_.c_str(), "a+");
  return fp_ != nullptr;
}

void CacheIndex::close() {
  if (!fp_)
    return;
  std::fclose(fp_);
  fp_ = nullptr;
}

} // namespace buildfarm
