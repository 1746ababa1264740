// smtp_io: SMTP exchanges on top of SmtpConnection (see smtp_io.h).
#include "mailq/smtp_io.h"

#include <exception>

#include "mailq/log.h"

namespace mailq::smtp_io {

SmtpReply greet(SmtpConnection &c, const std::string &helo) {
  SmtpReply banner = c.readReply();
  if (banner.code != 220)
    return banner;
  return c.command("EHLO " + helo);
}

SmtpReply sendEnvelope(SmtpConnection &c, const Message &m) {
  SmtpReply r = c.command("MAIL FROM:<" + m.sender + ">"); // SAME: batch_421
  if (!r.ok())
    return r;
  for (const std::string &rcpt : m.recipients) {
    r = c.command("RCPT TO:<" + rcpt + ">");
    if (!r.ok()) {
      if (r.code != 421)
        c.command("RSET");
      return r;
    }
  }
  return r;
}

std::string dotStuff(const std::string &body) {
  std::string out;
  out.reserve(body.size() + 16);
  bool lineStart = true;
  for (std::size_t i = 0; i < body.size(); ++i) {
    const char ch = body[i];
    if (lineStart && ch == '.')
      out += '.';
    if (ch == '\n' && (i == 0 || body[i - 1] != '\r'))
      out += '\r';
    out += ch;
    lineStart = (ch == '\n');
  }
  return out;
}

SmtpReply sendData(SmtpConnection &c, const Message &m) {
  SmtpReply r = c.command("DATA");
  if (r.code != 354)
    return r;
  c.send(dotStuff(m.body) + "\r\n.");
  return c.readReply();
}

void abortQuietly(SmtpConnection &c) noexcept {
  if (!c.isOpen())
    return;
  try {
    c.send("RSET");
  } catch (const std::exception &) {
  }
  try {
    c.close(); // OK: isOpen() was checked on entry and send() never closes
  } catch (const std::exception &) {
  }
}

void closeGracefully(SmtpConnection &c) {
  try {
    c.quit();
  } catch (const std::exception &e) {
    logWarn("smtp: QUIT to " + c.host() + " failed: " + e.what());
  }
  // Make sure the descriptor is gone even when the goodbye failed.
  c.close(); // BUG: double-close
}

} // namespace mailq::smtp_io
