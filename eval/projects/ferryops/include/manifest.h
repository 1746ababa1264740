// Passenger/vehicle manifests. ManifestLog appends boarding events to one
// FILE* per sailing and rotates to the next sailing's file (manifest_log.cpp).
// ManifestIndex lists the sealed manifests in an std::ofstream
// (manifest_index.cpp). CSV export/verification use std::fstream
// (csv_export.cpp); archiving and summaries are in manifest_rotation.cpp.
#pragma once
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "status.h"
#include "types.h"

namespace ferry {

class ManifestLog {
public:
  explicit ManifestLog(std::string dir);
  ~ManifestLog();
  ManifestLog(const ManifestLog &) = delete;
  ManifestLog &operator=(const ManifestLog &) = delete;

  Status open(const Sailing &sailing);
  Status append(const BoardingEvent &e);
  Status rotate(const Sailing &next);
  void close();
  bool isOpen() const { return fp_ != nullptr; }
  const std::string &path() const { return path_; }
  std::size_t lines() const { return lines_; }

private:
  std::string pathFor(const Sailing &s) const;

  std::string dir_;
  std::string path_;
  std::string sailingId_;
  std::FILE *fp_ = nullptr;
  std::size_t lines_ = 0;
};

class ManifestIndex {
public:
  explicit ManifestIndex(std::string path);
  Status open();
  void record(const std::string &sailingId, const std::string &manifestPath, std::size_t lines);
  Status seal();
  bool sealed() const { return sealed_; }
  const std::string &path() const { return path_; }

private:
  std::string path_;
  std::ofstream out_;
  std::size_t entries_ = 0;
  bool sealed_ = false;
};

struct SailingSummary {
  std::string sailingId;
  std::string manifestPath;
  std::size_t lines = 0;
};

Status closeOutSailing(const std::string &dir, const Sailing &done, const Sailing &next,
                       const std::vector<BoardingEvent> &stragglers);
Status abandonSailing(const std::string &dir, const Sailing &s, const std::string &why);
Status archiveManifest(const std::string &src, const std::string &dst);
Status writeSailingSummary(const std::string &path, const SailingSummary &s);

Status exportBoardingCsv(const std::string &path, const std::vector<BoardingEvent> &rows,
                         bool withTotals);
Status verifyCsv(const std::string &path, std::size_t expectRows);

} // namespace ferry
