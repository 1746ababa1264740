// AudiencePpm: drives the audience-measurement watermark encoder, sending it
// the code of every item as it airs.
#pragma once
#include "messaging.h"
#include <mutex>
#include <string>

class HookPanel;

class AudiencePpm {
public:
  explicit AudiencePpm(HookPanel &panel);
  ~AudiencePpm();
  void close();

private:
  static std::string codeFor(const std::string &item);

  HookPanel &panel_;
  std::mutex mu_;
  EventChannel encoderCtl_;
  int hookId_ = 0;
};
