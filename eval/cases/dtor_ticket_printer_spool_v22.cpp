// Box-office ticket printer spooler. Rendered tickets are staged in a spool
// file held by a unique_ptr with a closing deleter, then streamed to the
// thermal printer's device descriptor owned by a PrintJob. PrintJob's
// destructor closes the device descriptor if it is still >= 0; cancel()
// closes it and resets it to -1, abort() (the jam path) closes it but forgets
// the reset. Defects: the staged-spool path fcloses spool.get() by hand and
// the unique_ptr deleter closes it again; a jammed job is aborted and then
// deleted, so its destructor closes the descriptor a second time.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

namespace boxoffice {

struct SpoolCloser {
  void operator()(FILE *fp) const {
    std::fclose(fp); // SAME: spool_dtor
  }
};
using SpoolFile = std::unique_ptr<FILE, SpoolCloser>;

struct Ticket {
  std::string eventName;
  std::string seat;
  long barcode;
};

class PrintJob {
public:
  PrintJob(const std::string &device, std::vector<Ticket> tickets)
      : fd_(::open(device.c_str(), O_WRONLY | O_CLOEXEC)),
        tickets_(std::move(tickets)) {}
  ~PrintJob() {
    if (fd_ >= 0)
      ::close(fd_); // SAME: jam_delete
  }
  PrintJob(const PrintJob &) = delete;
  PrintJob &operator=(const PrintJob &) = delete;

  bool valid() const { return fd_ >= 0; }

  bool printAll() {
    for (const Ticket &t : tickets_) {
      std::string line = t.eventName + " | " + t.seat + " | " +
                         std::to_string(t.barcode) + "\n";
      if (::write(fd_, line.data(), line.size()) < 0)
        return false;
    }
    return true;
  }

  // User pressed cancel: release the printer for the next job.
  void cancel() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

  // Paper jam: drop the device immediately so the printer resets.
  void abort() {
    if (fd_ >= 0)
      ::close(fd_);
  }

private:
  int fd_;
  std::vector<Ticket> tickets_;
};

static bool stageTickets(FILE *fp, const std::vector<Ticket> &tickets) {
  for (const Ticket &t : tickets)
    if (std::fprintf(fp, "%s;%s;%ld\n", t.eventName.c_str(), t.seat.c_str(),
                     t.barcode) < 0)
      return false;
  return true;
}

bool stageBatch(const std::string &spoolPath, const std::vector<Ticket> &tickets) {
  SpoolFile spool(std::fopen(spoolPath.c_str(), "w"));
  if (!spool)
    return false;
  if (!stageTickets(spool.get(), tickets))
    return false;
  // Make sure the batch is on disk before the printer daemon picks it up.
  std::fflush(spool.get());
  std::fclose(spool.get());
  return true;
} // BUG: double-close #spool_dtor

bool stageBatchReleased(const std::string &spoolPath,
                        const std::vector<Ticket> &tickets) {
  SpoolFile spool(std::fopen(spoolPath.c_str(), "w"));
  if (!spool)
    return false;
  bool written = stageTickets(spool.get(), tickets);
  return std::fclose(spool.release()) == 0 && written; // OK: released first
}

bool printCancellable(const std::string &device, std::vector<Ticket> tickets,
                      bool userCancelled) {
  PrintJob job(device, std::move(tickets));
  if (!job.valid())
    return false;
  if (userCancelled) {
    job.cancel();
    return false; // OK: cancel() reset the descriptor, the destructor skips it
  }
  return job.printAll();
}

bool printWithJamRecovery(const std::string &device, std::vector<Ticket> tickets) {
  auto *job = new PrintJob(device, std::move(tickets));
  bool printed = job->valid() && job->printAll();
  if (!printed && job->valid())
    job->abort();
  delete job; // BUG: double-close #jam_delete
  return printed;
}

} // namespace boxoffice
