// VisibilityDump: opening, writing and finishing one visibility file.
#include "visibility_dump.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

VisibilityDump openVisibilityDump(const std::string &path) {
  VisibilityDump dump;
  dump.fp = std::fopen(path.c_str(), "wb");
  if (dump.fp == nullptr)
    throw std::runtime_error("cannot create " + path + ": " +
                             std::strerror(errno));
  dump.path = path;
  return dump;
}

void VisibilityDump::row(double mjd, const std::vector<double> &vis) {
  if (fp == nullptr)
    throw std::runtime_error("visibility dump " + path + " is not open");
  std::fwrite(&mjd, sizeof mjd, 1, fp);
  std::fwrite(vis.data(), sizeof(double), vis.size(), fp);
  ++rows;
}

void VisibilityDump::finish() {
  if (fp == nullptr)
    return;
  std::fclose(fp); // SAME: vis-finish
  fp = nullptr;
}
