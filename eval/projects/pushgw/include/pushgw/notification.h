// Notification requests, delivery receipts and retry items, plus the helpers
// that read the spool-file format, encode the provider wire frame and the
// receipt record, and parse the stdin "send" command.
// No BUG markers here: declarations only. Note the contract of readHeader():
// it closes the stream itself when the header is malformed.
#pragma once
#include <chrono>
#include <cstdio>
#include <string>

namespace pushgw {

constexpr int kDefaultPriority = 5;

struct Notification {
  std::string id;
  std::string tenant;
  std::string deviceToken;
  std::string title;
  std::string body;
  int priority = kDefaultPriority;
};

struct DeliveryReceipt {
  std::string notificationId;
  std::string tenant;
  bool delivered = false;
  std::string detail;
};

/// One queued retry: the notification, which attempt comes next, and when.
struct RetryItem {
  Notification notification;
  int attempt = 1;
  std::chrono::steady_clock::time_point due;
};

/// Reads the "Key: value" header block of a spool file, up to the first empty
/// line. Known keys: Id, Tenant, Token, Title, Priority.
/// A malformed header makes the file useless to this reader: the stream is
/// closed here and false is returned; the caller must not use `f` again.
bool readHeader(std::FILE *f, Notification &out);

/// Reads the rest of the stream as the notification body.
std::string readBody(std::FILE *f);

/// Provider wire frame: "PUSH <id> <token> <priority> <length>\n<title>\n<body>".
std::string encodeFrame(const Notification &n);

/// "<id> <tenant> delivered|failed <detail>": a delivery-log line (after the
/// timestamp) and the value of a receipt record.
std::string encodeReceipt(const DeliveryReceipt &r);

/// Parses a delivery-log line "<unix-time> <id> <tenant> delivered|failed <detail>".
bool decodeLogLine(const std::string &line, DeliveryReceipt &out);

/// Parses the arguments of "send <tenant> <token> <title>|<body>".
bool parseSendCommand(const std::string &args, Notification &out);

std::string makeNotificationId();

} // namespace pushgw
