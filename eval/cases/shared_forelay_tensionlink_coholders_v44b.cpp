// Tension links of a ropewalk. The forelay stations (where yarns are twisted
// into strands) and the cordage inspection desk both keep
// std::shared_ptr<TensionLink> in their own containers. A TensionLink owns the
// descriptor of a strand's tension sensor: sampleNewtons() throws after
// close(), and close() throws when the link is already closed (the sensor bus
// rejects a second disconnect).
// Bugs: station.shutDown() closes every link the station holds; endOfWalk()
// then has the desk sample the same links and closeYard() has it close them
// again. endOfWalkChecked() uses the desk's isOpen()-guarded variants.
#include <fcntl.h>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace ropewalk {

class TensionLink {
public:
  explicit TensionLink(std::string strand)
      : strand_(std::move(strand)),
        fd_(::open(("/dev/tension/" + strand_).c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~TensionLink() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  double sampleNewtons() {
    if (fd_ < 0)
      throw std::runtime_error("tension link " + strand_ + " closed");
    unsigned short raw = 0;
    if (::read(fd_, &raw, sizeof raw) != static_cast<ssize_t>(sizeof raw))
      throw std::runtime_error("tension link " + strand_ + " read failed");
    return raw / 10.0;
  }
  void close() {
    if (fd_ < 0)
      throw std::runtime_error("tension link " + strand_ + " already closed");
    ::close(fd_);
    fd_ = -1;
  }
  bool isOpen() const { return fd_ >= 0; }
  const std::string &strand() const { return strand_; }

private:
  std::string strand_;
  int fd_;
};

using LinkPtr = std::shared_ptr<TensionLink>;

class ForelayStation {
public:
  void add(LinkPtr link) { links_.push_back(std::move(link)); }
  void shutDown() {
    for (const LinkPtr &link : links_)
      link->close();
    links_.clear();
  }

private:
  std::vector<LinkPtr> links_;
};

struct InspectionReport {
  std::map<std::string, double> newtons;
};

class InspectionDesk {
public:
  void watch(LinkPtr link) { byStrand_[link->strand()] = std::move(link); }
  void inspect(InspectionReport &report) {
    for (auto &entry : byStrand_)
      report.newtons[entry.first] = entry.second->sampleNewtons(); // SAME: deskinspect
  }
  void inspectOpen(InspectionReport &report) {
    for (auto &entry : byStrand_)
      if (entry.second->isOpen())
        report.newtons[entry.first] = entry.second->sampleNewtons(); // OK: isOpen() checked
  }
  void release() {
    for (auto &entry : byStrand_)
      entry.second->close(); // SAME: deskrelease
    byStrand_.clear();
  }
  void releaseOpen() {
    for (auto &entry : byStrand_)
      if (entry.second->isOpen())
        entry.second->close(); // OK: links closed by the station are skipped
    byStrand_.clear();
  }

private:
  std::map<std::string, LinkPtr> byStrand_;
};

void wireStrand(ForelayStation &station, InspectionDesk &desk, const std::string &strand) {
  auto link = std::make_shared<TensionLink>(strand);
  station.add(link);
  desk.watch(link);
}

void endOfWalk(ForelayStation &station, InspectionDesk &desk, InspectionReport &report) {
  station.shutDown();
  desk.inspect(report); // BUG: use-after-close #deskinspect
}

void closeYard(ForelayStation &station, InspectionDesk &desk) {
  station.shutDown();
  desk.release(); // BUG: double-close #deskrelease
}

void endOfWalkChecked(ForelayStation &station, InspectionDesk &desk,
                      InspectionReport &report) {
  station.shutDown();
  desk.inspectOpen(report); // OK: samples only the links still open
  desk.releaseOpen(); // OK: closes only the links still open
}

} // namespace ropewalk
