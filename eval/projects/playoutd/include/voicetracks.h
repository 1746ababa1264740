// VoicetrackImport: pulls presenters' pre-recorded voice links into the
// library, probing each file and appending it to the import manifest.
#pragma once
#include <string>
#include <vector>

class Stagehand;

class VoicetrackImport {
public:
  VoicetrackImport(Stagehand &hand, std::string manifestPath);
  void importBatch(const std::vector<std::string> &paths);
  bool probeDuration(const std::string &path, double &seconds);

private:
  Stagehand &hand_;
  std::string manifestPath_;
};
