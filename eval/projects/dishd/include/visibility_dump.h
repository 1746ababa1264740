// VisibilityDump: one integration's visibility file, a plain record of the
// open stream, its path and the rows written so far.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

struct VisibilityDump {
  std::FILE *fp = nullptr;
  std::string path;
  long rows = 0;

  /// Appends one row; throws std::runtime_error if the dump is not open.
  void row(double mjd, const std::vector<double> &vis);
  /// Closes the stream if it is open.
  void finish();
};

VisibilityDump openVisibilityDump(const std::string &path);
