// Backup finalization: once all files are archived the agent runs a named
// sequence of steps through runStep(), which times each step, logs failures
// and carries on (one failed step must not stop the others). The archive is a
// POSIX descriptor, the catalog an std::ofstream, and completion is announced
// on a kafka::KafkaProducer (send() after close() fails).
// Defects: in finalize() the "write trailer" step was added after the "seal
// archive" step that closes the archive descriptor, so the trailer goes to a
// closed descriptor; and the summary after the steps writes to the catalog a
// step closed, which the author meant to keep (a silently lost line).
// rotate() runs its steps in the right order.
#include <messaging.h>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

namespace backup {

template <typename F> bool runStep(const char *name, F &&fn) {
  const auto t0 = std::chrono::steady_clock::now();
  try {
    fn();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "step '%s' failed: %s\n", name, e.what());
    return false;
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "step '%s' done in %lld ms\n", name, static_cast<long long>(ms));
  return true;
}

struct BackupContext {
  std::string jobId;
  int archiveFd = -1;
  std::ofstream catalog;
  std::unique_ptr<kafka::KafkaProducer> producer;
  std::string digest;
  size_t files = 0;
};

static void writeTrailer(int fd, const std::string &digest) {
  const std::string t = "TRAILER sha256=" + digest + "\n";
  if (::write(fd, t.data(), t.size()) != static_cast<ssize_t>(t.size())) // SAME: trailer
    throw std::runtime_error("short trailer write");
}

void finalize(BackupContext &ctx) {
  runStep("flush catalog", [&] { ctx.catalog.flush(); });
  runStep("seal archive", [&] {
    ::fsync(ctx.archiveFd);
    ::close(ctx.archiveFd);
  });
  runStep("write trailer", [&] { writeTrailer(ctx.archiveFd, ctx.digest); }); // BUG: use-after-close #trailer
  runStep("close catalog", [&] { ctx.catalog.close(); });
  runStep("announce", [&] {
    ctx.producer->send({"backups.completed", ctx.jobId}); // OK: the producer is closed by a later step
  });
  runStep("close producer", [&] {
    ctx.producer->flush();
    ctx.producer->close();
  });
  ctx.catalog << "# summary: " << ctx.files << " files, sha256=" << ctx.digest << "\n"; // BUG: use-after-close
  if (!ctx.producer->isClosed())
    ctx.producer->send({"backups.audit", ctx.jobId}); // OK: guarded by isClosed()
}

// Starts a new archive volume: trailer, seal, then open the next volume.
void rotate(BackupContext &ctx, const std::string &nextVolume) {
  runStep("write trailer", [&] { writeTrailer(ctx.archiveFd, ctx.digest); }); // OK: runs before the seal step
  runStep("seal volume", [&] { ::close(ctx.archiveFd); });
  runStep("open next volume", [&] {
    ctx.archiveFd = ::open(nextVolume.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (ctx.archiveFd < 0)
      throw std::runtime_error("cannot open " + nextVolume);
  });
  runStep("volume header", [&] {
    const std::string h = "VOLUME " + nextVolume + "\n";
    ::write(ctx.archiveFd, h.data(), h.size()); // OK: archiveFd was reassigned by the previous step
  });
}

} // namespace backup

int main() {
  backup::BackupContext ctx;
  ctx.jobId = "nightly-2024-03-01";
  ctx.archiveFd = ::open("/tmp/nightly.vol1", O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ctx.catalog.open("/tmp/nightly.catalog");
  ctx.producer = kafka::createProducer("kafka-ops:9092");
  ctx.digest = "9f2c41d0";
  ctx.files = 18233;
  backup::rotate(ctx, "/tmp/nightly.vol2");
  backup::finalize(ctx);
  return 0;
}
