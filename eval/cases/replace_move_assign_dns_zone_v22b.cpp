// Authoritative DNS zone publisher. Records are written to a staging zone file,
// the staging writer is closed and move-assigned a freshly opened writer for
// the signed zone; the transfer journal is a raw FILE* that is rolled over by
// fclose + fopen; the query log is a unique_ptr<FILE> reset to a new file; a
// promotion swaps two writers and closes the retired one.
// Negative case: every write that follows a close goes to the replacement
// object (move-assigned, reopened, reset or swapped in), and ZoneFileWriter's
// close() is idempotent, so the destructor after an explicit close is correct.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct ResourceRecord {
  std::string owner;
  unsigned ttl = 3600;
  std::string type;
  std::string rdata;
};

// Owns one FILE*. writeRecord() throws std::logic_error once closed; close()
// is idempotent; moving transfers the stream and leaves the source closed.
class ZoneFileWriter {
public:
  ZoneFileWriter() = default;
  explicit ZoneFileWriter(const std::string &path)
      : path_(path), fp_(std::fopen(path.c_str(), "w")) {
    if (!fp_)
      throw std::runtime_error("cannot create " + path);
  }
  ZoneFileWriter(ZoneFileWriter &&o) noexcept
      : path_(std::move(o.path_)), fp_(std::exchange(o.fp_, nullptr)) {}
  ZoneFileWriter &operator=(ZoneFileWriter &&o) noexcept {
    if (this != &o) {
      close();
      path_ = std::move(o.path_);
      fp_ = std::exchange(o.fp_, nullptr);
    }
    return *this;
  }
  ~ZoneFileWriter() { close(); }

  void writeRecord(const ResourceRecord &rr) {
    if (!fp_)
      throw std::logic_error("zone file closed: " + path_);
    std::fprintf(fp_, "%s\t%u\tIN\t%s\t%s\n", rr.owner.c_str(), rr.ttl,
                 rr.type.c_str(), rr.rdata.c_str());
  }

  void close() {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  std::string path_;
  std::FILE *fp_ = nullptr;
};

class JournalRoller {
public:
  explicit JournalRoller(std::string base) : base_(std::move(base)) {
    journal_ = std::fopen(nextName().c_str(), "a");
    if (!journal_)
      throw std::runtime_error("cannot open journal " + base_);
  }
  ~JournalRoller() {
    if (journal_)
      std::fclose(journal_);
  }
  JournalRoller(const JournalRoller &) = delete;
  JournalRoller &operator=(const JournalRoller &) = delete;

  void append(const std::string &ixfrLine) {
    std::fputs(ixfrLine.c_str(), journal_);
    std::fputc('\n', journal_);
  }

  void roll() {
    std::fflush(journal_);
    std::fclose(journal_);
    journal_ = std::fopen(nextName().c_str(), "a");
    if (!journal_)
      throw std::runtime_error("journal roll failed for " + base_);
    std::fprintf(journal_, "; generation %u\n", gen_); // OK: journal_ was reopened
  }

private:
  std::string nextName() { return base_ + ".jnl." + std::to_string(++gen_); }
  std::string base_;
  unsigned gen_ = 0;
  std::FILE *journal_ = nullptr;
};

using QueryLog = std::unique_ptr<std::FILE, int (*)(std::FILE *)>;

void rotateQueryLog(QueryLog &log, const std::string &path) {
  log.reset(std::fopen(path.c_str(), "a")); // fclose()s the previous file
  if (log)
    std::fputs("# query log rotated\n", log.get()); // OK: the new file
}

void promote(ZoneFileWriter &active, ZoneFileWriter &next,
             const ResourceRecord &soa) {
  std::swap(active, next);
  next.close(); // the retired writer
  active.writeRecord(soa); // OK: active now holds the former next writer
}

void publishZone(const std::string &zone, const std::vector<ResourceRecord> &rrs,
                 const std::vector<ResourceRecord> &signatures,
                 JournalRoller &journal) {
  ZoneFileWriter staging(zone + ".staging");
  for (const ResourceRecord &rr : rrs) {
    staging.writeRecord(rr);
    journal.append("+" + rr.owner + " " + rr.type);
  }
  staging.close();

  staging = ZoneFileWriter(zone + ".signed");
  for (const ResourceRecord &rr : rrs)
    staging.writeRecord(rr); // OK: move-assigned a freshly opened writer
  for (const ResourceRecord &sig : signatures)
    staging.writeRecord(sig);
  staging.close();
  journal.roll();
} // OK: ~ZoneFileWriter after close() is a no-op

int main() {
  JournalRoller journal("example.org");
  QueryLog qlog(std::fopen("queries.log", "a"), &std::fclose);
  std::vector<ResourceRecord> rrs = {{"example.org.", 3600, "SOA", "ns1 hostmaster 1 7200 900 1209600 300"},
                                     {"www.example.org.", 300, "A", "192.0.2.10"}};
  publishZone("example.org", rrs, {}, journal);
  rotateQueryLog(qlog, "queries.log.1");

  ZoneFileWriter active("example.org.live");
  ZoneFileWriter next("example.org.next");
  promote(active, next, rrs.front());
  return 0;
}
