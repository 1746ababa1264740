#include "buildfarm/cache_directory.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace buildfarm {
namespace {
bool isIndexFile(const char *name) {
  return std::strcmp(name, "index") == 0 || std::strcmp(name, "index.tmp") == 0;
}
} // namespace

CacheDirectory::CacheDirectory(std::string root) : root_(std::move(root)) {}

bool CacheDirectory::prepare() {
  if (::mkdir(root_.c_str(), 0755) != 0 && errno != EEXIST)
    return false;
  std::lock_guard<std::mutex> lock(mutex_);
  CacheIndex index(indexPath());
  return index.open();
}

std::uint64_t CacheDirectory::usage() {
  std::lock_guard<std::mutex> lock(mutex_);
  DIR *d = ::opendir(root_.c_str());
  if (!d)
    return 0;
  std::uint64_t total = 0;
  while (dirent *ent = ::readdir(d)) {
    if (ent->d_name[0] == '.' || isIndexFile(ent->d_name))
      continue;
    struct stat st;
    if (::fstatat(::dirfd(d), ent->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
      if (errno == ENOENT)
        continue; // removed while we were scanning
      std::fprintf(stderr, "cache: stat %s/%s: %s\n", root_.c_str(), ent->d_name,
                   std::strerror(errno));
      ::closedir(d);
      break;
    }
    total += static_cast<std::uint64_t>(st.st_size);
  }
  ::closedir(d); // BUG: double-close
  return total;
}

std::size_t CacheDirectory::evict(std::uint64_t targetBytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  CacheIndex index(indexPath());
  if (!index.open())
    return 0;
  std::vector<CacheEntry> entries = index.load();
  std::sort(entries.begin(), entries.end(),
            [](const CacheEntry &a, const CacheEntry &b) { return a.atime > b.atime; });

  std::vector<CacheEntry> keep;
  std::uint64_t kept = 0;
  std::size_t removed = 0;
  for (const CacheEntry &e : entries) {
    if (kept + e.size <= targetBytes) {
      keep.push_back(e);
      kept += e.size;
      continue;
    }
    const std::string blob = root_ + "/" + e.key;
    if (std::remove(blob.c_str()) == 0 || errno == ENOENT)
      ++removed;
    else
      keep.push_back(e);
  }
  if (removed > 0 && !index.compact(keep))
    std::fprintf(stderr, "cache: could not compact %s, retrying next sweep\n",
                 indexPath().c_str());
  return removed;
} // BUG: double-close #index_dtor

bool CacheDirectory::recordUse(const CacheEntry &entry) {
  std::lock_guard<std::mutex> lock(mutex_);
  CacheIndex index(indexPath());
  if (!index.open())
    return false;
  const bool written = index.append(entry);
  index.close();
  return written;
} // OK: close() cleared the index's FILE*, its destructor closes nothing

std::size_t CacheDirectory::removeStray() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::set<std::string> known;
  {
    CacheIndex index(indexPath());
    if (!index.open())
      return 0;
    for (const CacheEntry &e : index.load())
      known.insert(e.key);
  }
  DIR *d = ::opendir(root_.c_str());
  if (!d)
    return 0;
  std::size_t removed = 0;
  while (dirent *ent = ::readdir(d)) {
    if (ent->d_name[0] == '.' || isIndexFile(ent->d_name) || known.count(ent->d_name))
      continue;
    if (::unlinkat(::dirfd(d), ent->d_name, 0) != 0 && errno != ENOENT) {
      std::fprintf(stderr, "cache: cannot remove stray %s: %s\n", ent->d_name,
                   std::strerror(errno));
      ::closedir(d); // OK: returns right after
      return removed;
    }
    ++removed;
  }
  ::closedir(d); // OK: the error path above returned after its closedir
  return removed;
}

} // namespace buildfarm
