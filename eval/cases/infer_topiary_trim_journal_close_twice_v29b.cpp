// Topiary crew visit log. Every garden visit keeps a trim journal (cuts per
// hedge, sealed with a checksum when closed; sealing twice is a logic error and
// throws) and a clippings-bin feed to the green-waste depot (its close() is
// idempotent). A visit is closed out when the customer signs it off; the
// invoice step then closes out everything at the end of the visit.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace topiary {

class TrimJournal {
public:
  explicit TrimJournal(std::string garden) : garden_(std::move(garden)) {}

  void record(const std::string &hedge, double depthCm) {
    if (sealed_)
      throw std::logic_error("trim journal sealed: " + garden_);
    lines_.push_back(hedge + ":" + std::to_string(depthCm));
  }

  void close() {
    if (sealed_)
      throw std::logic_error("trim journal sealed twice: " + garden_);
    checksum_ = 0;
    for (const std::string &l : lines_)
      for (char ch : l)
        checksum_ = checksum_ * 31u + static_cast<unsigned char>(ch);
    sealed_ = true;
  }

  bool isSealed() const { return sealed_; }
  std::uint32_t checksum() const { return checksum_; }

private:
  std::string garden_;
  std::vector<std::string> lines_;
  std::uint32_t checksum_ = 0;
  bool sealed_ = false;
};

class ClippingsBinFeed {
public:
  explicit ClippingsBinFeed(std::string binId) : binId_(std::move(binId)) {}

  void push(double kg) {
    if (closed_)
      throw std::runtime_error("clippings feed closed: " + binId_);
    totalKg_ += kg;
  }

  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

  double totalKg() const { return totalKg_; }

private:
  std::string binId_;
  double totalKg_ = 0.0;
  bool closed_ = false;
};

struct Cut {
  double depthCm = 0.0;
};

struct HedgeJob {
  std::string hedge;
  std::vector<Cut> cuts;
  double clippingsKg = 0.0;
};

struct GardenVisit {
  std::string address;
  std::string binId;
  std::vector<HedgeJob> jobs;
  bool customerSignedOff = false;
};

void sendInvoice(const GardenVisit &visit, std::uint32_t journalChecksum,
                 double clippingsKg);

void trimGarden(const GardenVisit &visit) {
  TrimJournal journal(visit.address);
  ClippingsBinFeed bin(visit.binId);

  for (const HedgeJob &job : visit.jobs) {
    for (const Cut &c : job.cuts)
      journal.record(job.hedge, c.depthCm);
    bin.push(job.clippingsKg);
  }

  if (visit.customerSignedOff) {
    journal.close();
    bin.close();
  }

  sendInvoice(visit, journal.checksum(), bin.totalKg());
  bin.close(); // OK
  journal.close(); // BUG: double-close
}

void trimGardenAndInvoice(const GardenVisit &visit) {
  TrimJournal journal(visit.address);
  ClippingsBinFeed bin(visit.binId);

  for (const HedgeJob &job : visit.jobs) {
    for (const Cut &c : job.cuts)
      journal.record(job.hedge, c.depthCm);
    bin.push(job.clippingsKg);
  }

  if (visit.customerSignedOff) {
    journal.close();
    bin.close();
  }

  if (!journal.isSealed())
    journal.close(); // OK
  bin.close(); // OK
  sendInvoice(visit, journal.checksum(), bin.totalKg());
}

} // namespace topiary
