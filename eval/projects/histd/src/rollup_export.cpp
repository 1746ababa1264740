// Daily rollup export: reads the segments once, buckets the tag's samples
// per hour and writes one CSV per day.
#include "rollup_export.h"

#include "csv_export.h"
#include "log.h"
#include "segment_file.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>

namespace histd {

namespace {
constexpr int64_t kHourMicros = 3600LL * 1000000;
constexpr int64_t kDayMicros = 24 * kHourMicros;
constexpr std::size_t kMaxRowsPerPart = 100000;

struct Bucket {
  double min = std::numeric_limits<double>::max();
  double max = std::numeric_limits<double>::lowest();
  double sum = 0.0;
  uint32_t count = 0;
};

std::string dayPath(const RollupRequest &req, int64_t day) {
  const std::string date = isoTime(day * kDayMicros).substr(0, 10);
  return req.outDir + "/rollup-" + req.tagName + "-" + date;
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::vector<std::string> rollupRow(int64_t hour, const Bucket &b, const std::string &tag) {
  return {isoTime(hour).substr(0, 13) + ":00Z", tag, num(b.min), num(b.max),
          num(b.sum / std::max<uint32_t>(b.count, 1)), std::to_string(b.count)};
}
} // namespace

std::size_t exportDailyRollups(const std::vector<std::string> &segmentPaths,
                               const RollupRequest &req) {
  const int64_t from = req.firstDay * kDayMicros;
  const int64_t to = (req.lastDay + 1) * kDayMicros;
  std::map<int64_t, std::map<int64_t, Bucket>> days;
  for (const std::string &path : segmentPaths) {
    try {
      SegmentReader reader(path);
      Sample s;
      while (reader.next(s)) {
        if (s.tagId != req.tagId || s.tsMicros < from || s.tsMicros >= to ||
            s.quality < kQualityGood)
          continue;
        Bucket &b = days[s.tsMicros / kDayMicros][s.tsMicros / kHourMicros * kHourMicros];
        b.min = std::min(b.min, s.value);
        b.max = std::max(b.max, s.value);
        b.sum += s.value;
        ++b.count;
      }
    } catch (const SegmentReadError &e) {
      log::warn("rollup: skipping %s: %s", path.c_str(), e.what());
    }
  }

  const std::vector<std::string> columns{"hour", "tag", "min", "max", "mean", "count"};
  std::size_t written = 0;
  CsvExportFile file(dayPath(req, req.firstDay), columns, kMaxRowsPerPart);
  for (int64_t day = req.firstDay; day <= req.lastDay; ++day) {
    const auto it = days.find(day);
    if (it == days.end()) {
      log::info("rollup %s: no samples on day %lld", req.tagName.c_str(),
                static_cast<long long>(day));
      file.finish(); // OK
      ++written;
      continue;
    }
    for (const auto &hour : it->second)
      file.writeRecord(rollupRow(hour.first, hour.second, req.tagName)); // BUG: use-after-close
    file.finish();
    ++written;
    if (day < req.lastDay)
      file = CsvExportFile(dayPath(req, day + 1), columns, kMaxRowsPerPart);
  }
  file.finish(); // OK
  return written;
}

} // namespace histd
