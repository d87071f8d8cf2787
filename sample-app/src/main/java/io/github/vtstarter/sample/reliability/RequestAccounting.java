package io.github.vtstarter.sample.reliability;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * For the reliability suite's shutdown scenario ({@code sample.count-requests=true} only): counts the requests
 * that reached the application and those that completed, and prints both when the context is destroyed, after
 * graceful shutdown. Their difference is what shutdown really lost, which a client cannot tell from a connection
 * that was never taken from the accept backlog.
 */
@Component
@ConditionalOnProperty(name = "sample.count-requests", havingValue = "true")
public class RequestAccounting extends OncePerRequestFilter implements DisposableBean {

	private static final Log logger = LogFactory.getLog(RequestAccounting.class);

	private final AtomicLong reached = new AtomicLong();

	private final AtomicLong completed = new AtomicLong();

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		this.reached.incrementAndGet();
		chain.doFilter(request, response);
		response.flushBuffer();
		this.completed.incrementAndGet();
	}

	@Override
	public void destroy() {
		logger.info("REQUEST-ACCOUNTING reached=" + this.reached.get() + " completed=" + this.completed.get());
	}

}
