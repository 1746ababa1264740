// Moving subscribers from a legacy descriptor to a new one, batch by batch.
// migrate() writes the MIGRATING notice to the legacy descriptor and closes
// it in the first batch only, under a `first` flag cleared there (quiet lines:
// the write and the close run once). migrateOnLateAck() tells the legacy
// descriptor MOVED and closes it in every batch whose acknowledgement came
// late: a second late batch writes to the closed descriptor and closes it
// again (two bugs).
#include <unistd.h>

#include <string>
#include <vector>

struct Batch {
  std::string payload;
  bool lateAck = false;
};

void migrate(int legacyFd, int nextFd, const std::vector<Batch> &batches) {
  bool first = true;
  for (const Batch &batch : batches) {
    if (first) {
      static const char notice[] = "MIGRATING\n";
      ::write(legacyFd, notice, sizeof notice - 1); // OK: before the close, first batch only
      ::close(legacyFd); // OK: runs in one iteration
      first = false;
    }
    ::write(nextFd, batch.payload.data(), batch.payload.size());
  }
}

void migrateOnLateAck(int legacyFd, int nextFd, const std::vector<Batch> &batches) {
  for (const Batch &batch : batches) {
    ::write(nextFd, batch.payload.data(), batch.payload.size());
    if (batch.lateAck) {
      static const char moved[] = "MOVED\n";
      ::write(legacyFd, moved, sizeof moved - 1); // BUG: use-after-close
      ::close(legacyFd); // BUG: double-close
    }
  }
}
