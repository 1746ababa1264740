// Freight customs: a broker's declaration spooler keeps one append-only
// descriptor per container under inspection (unordered_map keyed by
// container number) and one per inspection lane (vector indexed by lane).
// Defects: releaseContainer() closes the descriptor but leaves the stale
// entry in the map, so a late amendment is written to a closed descriptor and
// shutdown() closes it a second time; retireLane() writes its summary after
// closing the lane descriptor.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

static int openAppend(const std::string &path) {
  return ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0640);
}

static void writeLine(int fd, const std::string &line) {
  std::string out = line + "\n";
  if (::write(fd, out.data(), out.size()) < 0)
    std::perror("declaration write");
}

class DeclarationSpool {
public:
  DeclarationSpool(std::string dir, int lanes) : dir_(std::move(dir)) {
    for (int i = 0; i < lanes; ++i)
      laneFds_.push_back(openAppend(dir_ + "/lane" + std::to_string(i) + ".log"));
  }

  void declare(const std::string &container, const std::string &hsCode, size_t lane) {
    writeLine(fdFor(container), "DECL " + hsCode);
    if (laneFds_.at(lane) >= 0)
      writeLine(laneFds_[lane], container + " " + hsCode); // OK: retired lanes hold -1
  }

  void amend(const std::string &container, const std::string &hsCode) {
    auto it = open_.find(container);
    if (it == open_.end()) {
      std::fprintf(stderr, "no open declaration for %s\n", container.c_str());
      return;
    }
    std::string line = "AMEND " + hsCode + "\n";
    ::write(it->second, line.data(), line.size()); // SAME: amend_late
  }

  // Customs released the container: its declaration file is complete.
  void releaseContainer(const std::string &container) {
    auto it = open_.find(container);
    if (it != open_.end())
      ::close(it->second);
  }

  // Seized containers get a new declaration file if they are declared again.
  void seizeContainer(const std::string &container) {
    auto it = open_.find(container);
    if (it == open_.end())
      return;
    ::close(it->second);
    open_.erase(it);
  }

  int laneFd(size_t lane) const { return laneFds_.at(lane); }

  void retireLane(size_t lane, const std::string &summary) {
    int fd = laneFds_.at(lane);
    if (fd < 0)
      return;
    ::close(fd);
    laneFds_[lane] = -1;
    ::write(fd, summary.data(), summary.size()); // BUG: use-after-close
  }

  void shutdown() {
    for (auto &kv : open_)
      ::close(kv.second); // SAME: close_again
    open_.clear();
    for (int fd : laneFds_)
      if (fd >= 0)
        ::close(fd); // OK: retired lanes hold -1
    laneFds_.clear();
  }

private:
  int fdFor(const std::string &container) {
    auto it = open_.find(container);
    if (it != open_.end())
      return it->second;
    int fd = openAppend(dir_ + "/" + container + ".decl");
    open_[container] = fd;
    return fd;
  }

  std::string dir_;
  std::unordered_map<std::string, int> open_;
  std::vector<int> laneFds_;
};

int main() {
  DeclarationSpool spool("/var/spool/customs", 3);
  spool.declare("MSCU4410023", "8471.30", 0);
  spool.declare("TGHU7781204", "0901.21", 1);
  spool.declare("CMAU3319087", "9503.00", 2);

  spool.seizeContainer("CMAU3319087");
  spool.declare("CMAU3319087", "9503.00", 2); // OK: a new descriptor is opened for the seized container

  spool.amend("TGHU7781204", "0901.22"); // OK: still open
  spool.releaseContainer("TGHU7781204");
  spool.amend("TGHU7781204", "0901.11"); // BUG: use-after-close #amend_late

  spool.retireLane(1, "lane 1 retired: 42 declarations\n");
  spool.declare("MSCU4410023", "8471.41", 1); // OK: declare() skips the retired lane

  spool.shutdown(); // BUG: double-close #close_again
  return 0;
}
