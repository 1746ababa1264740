// goniod — an X-ray beam position monitor publishing its centroid on a beat.
#pragma once
#include <functional>
#include <string>

#include "apparatus.h"
#include "pacemaker.h"
#include "prefs.h"
#include "pvconn.h"

namespace goniod {

class Xbpm final : public Component {
public:
  using Sink = std::function<void(const std::string &label,
                                  const std::string &reading)>;
  Xbpm(std::string label, const Endpoint &ep, Sink sink);
  ~Xbpm() override;
  void attach(Pacemaker &pm);
  void detach(Pacemaker &pm);
  const std::string &label() const override { return label_; }
  void command(const std::string &verb) override;
  void stop() override;
  bool running() const override { return !stopped_; }

private:
  void publish_centroid();

  std::string label_;
  PvConn conn_;
  Sink sink_;
  Pacemaker::Token beat_ = 0;
  bool stopped_ = false;
};

} // namespace goniod
