// AudiencePpm: sends the watermark code of every aired item to the audience
// measurement encoder. close() disconnects the hook before closing the
// encoder channel; hooks fire on the automation thread, as close() does.
#include "audience_ppm.h"
#include "hookups.h"

#include <functional>
#include <utility>

AudiencePpm::AudiencePpm(HookPanel &panel) : panel_(panel) {
  hookId_ = panel_.connect([this](const std::string &item,
                                  std::chrono::seconds) {
    std::lock_guard<std::mutex> lock(mu_);
    encoderCtl_.send("PPM CODE " + codeFor(item)); // OK: close() disconnects this hook first
  });
}

AudiencePpm::~AudiencePpm() {
  close(); // OK: the second close finds the hook gone and the channel closed
}

std::string AudiencePpm::codeFor(const std::string &item) {
  return std::to_string(std::hash<std::string>{}(item) % 1000000);
}

void AudiencePpm::close() {
  if (hookId_ != 0)
    panel_.disconnect(std::exchange(hookId_, 0));
  std::lock_guard<std::mutex> lock(mu_);
  if (encoderCtl_.isOpen())
    encoderCtl_.close();
}
