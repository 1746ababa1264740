// smtp_io: the SMTP exchanges the delivery code needs, written on top of
// SmtpConnection.
#pragma once
#include <string>

#include "mailq/message.h"
#include "mailq/smtp_connection.h"

namespace mailq::smtp_io {

// Reads the banner and says EHLO; returns the first unsuccessful reply or the
// EHLO reply.
SmtpReply greet(SmtpConnection &c, const std::string &helo);
// MAIL FROM and one RCPT TO per recipient; on a refusal the transaction is
// reset and the refusing reply returned.
SmtpReply sendEnvelope(SmtpConnection &c, const Message &m);
// DATA, the dot-stuffed body and the final dot; returns the final reply.
SmtpReply sendData(SmtpConnection &c, const Message &m);
// Resets and closes c if it is still open. Never throws.
void abortQuietly(SmtpConnection &c) noexcept;
// Ends the session politely (QUIT) and makes sure the socket is closed.
void closeGracefully(SmtpConnection &c);
std::string dotStuff(const std::string &body);

} // namespace mailq::smtp_io
