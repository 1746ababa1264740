// HandlerRegistry: message handlers keyed by message type (the plug-in point
// for tag reads, screening results and heartbeats).
#pragma once
#include "status.h"
#include <functional>
#include <map>
#include <mutex>
#include <string>

enum class MsgType { BagTag, ScreenResult, Heartbeat };

struct Message {
  MsgType type;
  std::string payload;
};

class HandlerRegistry {
 public:
  using Handler = std::function<Status(const Message&)>;
  void registerHandler(MsgType type, Handler handler);   // replaces an earlier handler
  bool remove(MsgType type);
  Status dispatch(const Message& msg) const;             // NotFound when nobody handles the type

 private:
  mutable std::mutex mu_;
  std::map<MsgType, Handler> handlers_;
};
