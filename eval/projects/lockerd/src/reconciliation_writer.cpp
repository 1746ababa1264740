// ReconciliationWriter: collects the day's drops and pickups per carrier and
// at night writes <day>-<carrier>.csv for each carrier, a <day>-manifest.csv
// listing them, and appends the day to index.csv (rolled over when large).
#include "reconciliation_writer.h"

#include "csv_format.h"
#include "diag_log.h"
#include "notification.h"
#include "notification_publisher.h"
#include "work_pool.h"

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <sys/stat.h>
#include <utility>

namespace {
const std::vector<std::string> kColumns = {"parcel", "bank", "compartment", "dropped", "collected"};
constexpr off_t kIndexRollBytes = 1 << 20;
constexpr std::time_t kOverdueAfter = 3 * 24 * 3600;

off_t fileSize(const std::string &path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? st.st_size : 0;
}
} // namespace

ReconciliationWriter::ReconciliationWriter(std::string outDir, DiagLog &diag)
    : outDir_(std::move(outDir)), diag_(diag) {}

void ReconciliationWriter::noteDropped(const DoorEvent &ev) {
  CarrierParcel parcel;
  parcel.carrier = ev.carrier;
  parcel.parcelId = ev.parcelId;
  parcel.bankId = ev.bankId;
  parcel.compartment = ev.compartment;
  parcel.dropped = ev.at;
  today_.push_back(std::move(parcel));
}

void ReconciliationWriter::noteCollected(const DoorEvent &ev) {
  for (CarrierParcel &parcel : today_) {
    if (parcel.parcelId == ev.parcelId && parcel.collected == 0) {
      parcel.collected = ev.at;
      return;
    }
  }
  CarrierParcel parcel;
  parcel.carrier = ev.carrier;
  parcel.parcelId = ev.parcelId;
  parcel.bankId = ev.bankId;
  parcel.compartment = ev.compartment;
  parcel.collected = ev.at;
  today_.push_back(std::move(parcel));
}

void ReconciliationWriter::scheduleNightly(WorkPool &pool,
                                           std::shared_ptr<NotificationPublisher> publisher,
                                           const std::string &day) {
  std::vector<CarrierParcel> parcels = std::exchange(today_, {});
  pool.submit([this, publisher, day, parcels = std::move(parcels)] { // SAME: late_recon
    Status st = writeNightly(day, parcels);
    const std::string text = st.ok() ? "reconciliation for " + day + " written"
                                     : "reconciliation for " + day + " failed: " + st.describe();
    publisher->publish(systemNotice(text)); // OK
  });
}

Status ReconciliationWriter::writeNightly(const std::string &day,
                                          const std::vector<CarrierParcel> &parcels) {
  struct CarrierFile {
    std::ofstream out;
    CarrierTotals totals;
    std::size_t rows = 0;
  };
  std::map<std::string, CarrierFile> files;

  for (const CarrierParcel &p : parcels) {
    CarrierFile &file = files[p.carrier.empty() ? "unknown" : p.carrier];
    if (!file.out.is_open()) {
      const std::string path = outDir_ + "/" + day + "-" + (p.carrier.empty() ? "unknown" : p.carrier) + ".csv";
      file.out.open(path, std::ios::trunc);
      if (!file.out)
        return Status::ioError("open " + path, errno);
      writeCsvRow(file.out, kColumns);
    }
    writeCsvRow(file.out, {p.parcelId, p.bankId, std::to_string(p.compartment),
                           p.dropped ? formatTimestamp(p.dropped) : "",
                           p.collected ? formatTimestamp(p.collected) : ""});
    ++file.rows;
    if (p.dropped)
      ++file.totals.delivered;
    if (p.collected)
      ++file.totals.collected;
    if (p.dropped && !p.collected && std::time(nullptr) - p.dropped > kOverdueAfter)
      ++file.totals.overdue;
  }

  std::map<std::string, std::size_t> rows;
  for (auto &entry : files) {
    entry.second.out.close();
    if (entry.second.out.fail())
      diag_.warn("reconciliation: closing %s file for %s failed", entry.first.c_str(), day.c_str());
    rows[entry.first] = entry.second.rows;
  }
  for (auto &entry : files)
    writeTotals(entry.second.out, entry.second.totals); // BUG: use-after-close #recon_totals

  Status st = writeManifest(day, rows);
  if (st.failed())
    return st;
  return updateIndex(day, rows.size());
}

Status ReconciliationWriter::writeManifest(const std::string &day,
                                           const std::map<std::string, std::size_t> &rows) {
  const std::string path = outDir_ + "/" + day + "-manifest.csv";
  std::ofstream manifest(path, std::ios::trunc);
  if (!manifest)
    return Status::ioError("open " + path, errno);

  Status result = Status::success();
  writeCsvRow(manifest, {"day", day});
  for (const auto &entry : rows)
    writeCsvRow(manifest, {"carrier", entry.first, std::to_string(entry.second)});
  if (!manifest.good()) {
    diag_.warn("reconciliation: manifest %s is incomplete, removing it", path.c_str());
    manifest.close();
    std::remove(path.c_str());
    result = Status::ioError("write " + path, EIO);
  }
  manifest << "generated," << formatTimestamp(std::time(nullptr)) << "\r\n"; // BUG: use-after-close
  manifest.close();
  return result;
}

Status ReconciliationWriter::updateIndex(const std::string &day, std::size_t carriers) {
  const std::string path = outDir_ + "/index.csv";
  std::ofstream index(path, std::ios::app);
  if (!index)
    return Status::ioError("open " + path, errno);
  writeCsvRow(index, {day, std::to_string(carriers)});
  index.close();
  if (index.fail())
    return Status::ioError("append to " + path, EIO);

  if (fileSize(path) > kIndexRollBytes) {
    if (std::rename(path.c_str(), (path + ".1").c_str()) != 0)
      return Status::ioError("roll over " + path, errno);
    index.open(path, std::ios::trunc);
    if (!index)
      return Status::ioError("open " + path, errno);
    writeCsvRow(index, {"day", "carriers"}); // OK
  }
  return Status::success();
}
