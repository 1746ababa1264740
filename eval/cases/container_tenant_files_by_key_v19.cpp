// Per-tenant CSV staging files of a data-warehouse loader. TenantFiles maps
// tenant id -> FILE*, opening files lazily in append mode. finishTenant()
// fcloses the file and erases the entry, so a later append() for the same
// tenant opens a new file. abortTenant() fcloses and unlinks the file but
// leaves the (now dangling) FILE* in the map, so the next append() or
// closeAll() for that tenant reaches a closed FILE*.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

class TenantFiles {
public:
  explicit TenantFiles(std::string dir) : dir_(std::move(dir)) {}
  void append(const std::string &tenant, const std::string &line);
  void finishTenant(const std::string &tenant);
  void abortTenant(const std::string &tenant);
  void closeAll();

private:
  std::string pathFor(const std::string &tenant) const { return dir_ + "/" + tenant + ".csv"; }
  FILE *fileFor(const std::string &tenant);
  std::string dir_;
  std::map<std::string, FILE *> files_;
};

FILE *TenantFiles::fileFor(const std::string &tenant) {
  auto it = files_.find(tenant);
  if (it != files_.end())
    return it->second;
  FILE *fp = std::fopen(pathFor(tenant).c_str(), "a");
  if (fp)
    files_.emplace(tenant, fp);
  return fp;
}

void TenantFiles::append(const std::string &tenant, const std::string &line) {
  FILE *fp = fileFor(tenant);
  if (!fp)
    return;
  std::fputs(line.c_str(), fp); // SAME: rejectmark
  std::fputc('\n', fp);
}

void TenantFiles::finishTenant(const std::string &tenant) {
  auto it = files_.find(tenant);
  if (it == files_.end())
    return;
  std::fclose(it->second);
  files_.erase(it);
}

void TenantFiles::abortTenant(const std::string &tenant) {
  auto it = files_.find(tenant);
  if (it == files_.end())
    return;
  std::fclose(it->second);
  std::remove(pathFor(tenant).c_str());
}

void TenantFiles::closeAll() {
  for (auto &kv : files_)
    std::fclose(kv.second); // SAME: abortclose
  files_.clear();
}

struct Batch {
  std::string id;
  std::string tenant;
  std::vector<std::string> rows;
  bool checksumOk;
};

class Loader {
public:
  explicit Loader(const std::string &dir) : files_(dir) {}
  void load(const Batch &b);
  void cancelTenant(const std::string &tenant) { files_.abortTenant(tenant); }
  void finish();

private:
  TenantFiles files_;
};

void Loader::load(const Batch &b) {
  if (b.rows.empty())
    return;
  for (const std::string &row : b.rows)
    files_.append(b.tenant, row);
  if (!b.checksumOk) {
    files_.abortTenant(b.tenant);
    // Leave a marker so the operator can find the rejected batch.
    files_.append(b.tenant, "# rejected batch " + b.id); // BUG: use-after-close #rejectmark
    return;
  }
  files_.finishTenant(b.tenant);
  files_.append(b.tenant, "# committed batch " + b.id); // OK: finishTenant() erased the key, append() reopens
}

void Loader::finish() {
  files_.closeAll(); // BUG: double-close #abortclose
}

int main() {
  Loader loader("/srv/staging");
  loader.load({"b1", "acme", {"1,widget,3"}, true});
  loader.load({"b2", "globex", {"7,gadget,1"}, true});
  loader.cancelTenant("globex");
  loader.finish();
  return 0;
}
