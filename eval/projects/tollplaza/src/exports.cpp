// Exports for the back office and the enforcement agency: the day's
// transactions, the ANPR plate reads, every violation with its evidence
// reference and the list of plates with unpaid passages, as CSV files.
// fclose() is checked because it reports deferred write errors (ENOSPC on the
// NFS share).
#include "enforcement.h"
#include "file_util.h"
#include "journal.h"

#include <cstdio>
#include <set>

namespace toll {

Result exportTransactions(const std::vector<Transaction> &txs, const std::string &path) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (out == nullptr)
    return Result::fromErrno("export: open " + path);
  std::fputs("id,lane,ts,account,plate,cents\n", out);
  std::size_t written = 0;
  for (const Transaction &tx : txs) {
    if (std::fprintf(out, "%llu,%d,%lld,%s,%s,%lld\n", static_cast<unsigned long long>(tx.id), tx.lane,
                     static_cast<long long>(tx.tsMillis), tx.account.c_str(), tx.plate.c_str(),
                     static_cast<long long>(tx.cents)) < 0) {
      std::fprintf(stderr, "export: write to %s failed after %zu rows\n", path.c_str(), written);
      closeQuietly(out);
      break;
    }
    ++written;
  }
  std::fprintf(out, "#rows=%zu of %zu\n", written, txs.size()); // BUG: use-after-close
  if (std::fclose(out) != 0) // BUG: double-close
    return Result::fromErrno("export: close " + path);
  if (written != txs.size())
    return Result::failure("export: short export to " + path);
  return Result::success();
}

namespace {

Result writePlateHeader(std::FILE *out, const std::string &path) {
  if (std::fputs("camera,plate,confidence,ts\n", out) < 0) {
    closeQuietly(out);
    return Result::failure("plates export: cannot write " + path);
  }
  return Result::success();
}

} // namespace

Result exportPlates(const std::vector<PlateRead> &reads, const std::string &path) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (out == nullptr)
    return Result::fromErrno("plates export: open " + path);
  Result r = writePlateHeader(out, path);
  if (!r.ok())
    return r;
  for (const PlateRead &read : reads) {
    const auto ts = static_cast<long long>(read.tsMillis);
    std::fprintf(out, "%d,%s,%.2f,%lld\n", read.camera, read.plate.c_str(), read.confidence, ts); // OK: writePlateHeader() closes only when it fails, and we returned then
  }
  if (std::fclose(out) != 0) // OK: the only close on the path that reaches it
    return Result::fromErrno("plates export: close " + path);
  return Result::success();
}

Result exportViolations(const std::vector<Violation> &violations, const std::string &path) {
  FilePtr out(std::fopen(path.c_str(), "w"));
  if (!out)
    return Result::fromErrno("violations export: open " + path);
  std::fputs("lane,plate,ts,reason,image\n", out.get());
  for (const Violation &v : violations) {
    const auto ts = static_cast<long long>(v.tsMillis);
    std::fprintf(out.get(), "%d,%s,%lld,%s,%s\n", v.lane, v.plate.c_str(), ts, v.reason.c_str(), v.imageRef.c_str());
  }
  const bool closed = std::fclose(out.get()) == 0;
  return closed ? Result::success() : Result::fromErrno("violations export: close " + path); // BUG: double-close #violdeleter
}

Result exportDailyPlates(const std::vector<Violation> &violations, const std::string &path) {
  FilePtr out(std::fopen(path.c_str(), "w"));
  if (!out)
    return Result::fromErrno("plates list: open " + path);
  std::set<std::string> plates;
  for (const Violation &v : violations)
    plates.insert(v.plate);
  for (const std::string &plate : plates)
    std::fprintf(out.get(), "%s\n", plate.c_str());
  const bool closed = std::fclose(out.release()) == 0;
  return closed ? Result::success() : Result::fromErrno("plates list: close " + path); // OK: release() handed the stream to fclose, the deleter gets nullptr
}

} // namespace toll
