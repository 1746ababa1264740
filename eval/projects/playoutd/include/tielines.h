// TielineRouter: programme-audio tielines to remote sites, keyed by site.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class CodecLink;

class TielineRouter {
public:
  void attach(const std::string &site, std::shared_ptr<CodecLink> line);
  void route(const std::string &site, const std::vector<uint8_t> &frame);
  /// Says goodbye on the line, closes it and forgets it.
  void retire(const std::string &site);
  std::vector<std::string> sites() const;

private:
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<CodecLink>> lines_;
};
