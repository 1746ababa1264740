// ProgrammeSheet: the station's programme configuration: the hour clocks, the
// spot schedule, imaging, overrides and the legacy automation export.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

struct ProgrammeItem {
  std::string clock;
  std::string house;
  std::string title;
  int seconds = 0;
};

class ProgrammeSheet {
public:
  bool load(const std::string &path);
  bool loadOverrides(const std::string &path);
  bool mergeLegacy(const std::string &path);
  bool loadSpots(const std::string &path);
  bool loadImaging(const std::string &path);
  std::vector<std::string> nextItems(std::size_t n) const;
  std::size_t size() const { return items_.size(); }

private:
  void parseItemLine(const char *line, const std::string &clock);
  void parseOverride(const char *line);
  void parseSpotLine(const std::string &line);

  std::vector<ProgrammeItem> items_;
  std::map<std::string, std::string> overrides_;
  std::vector<std::string> spots_;
  std::vector<std::string> imaging_;
  std::size_t cursor_ = 0;
};
