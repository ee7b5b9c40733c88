-- Drives Neovim's built-in LSP client against a gopls built with mcplint
-- (scripts/build-gopls.sh), for scripts/test-integrations.sh:
--
--   MCPLINT_GOPLS=gopls MCPLINT_FILE=file.go MCPLINT_WANT='msg1
--   msg2' nvim --headless --clean -c 'luafile diagnostics.lua'
--
-- It opens MCPLINT_FILE, attaches gopls to it (vim.lsp.start on Neovim 0.8
-- and later, vim.lsp.start_client and vim.lsp.buf_attach_client before),
-- and waits up to MCPLINT_TIMEOUT_MS (default 60000) until
-- vim.diagnostic.get() holds a diagnostic for each line of MCPLINT_WANT,
-- written "source<TAB>substring" (the source of gopls's analyzer
-- diagnostics is the analyzer's name) or just "substring". It prints every
-- diagnostic, then exits 0 if all were found and 1 otherwise.

local function out(s)
  io.stdout:write(s .. "\n")
  io.stdout:flush()
end

local function fail(msg)
  out("FAIL: " .. msg)
  vim.cmd("cquit 1")
end

local gopls = os.getenv("MCPLINT_GOPLS")
local file = os.getenv("MCPLINT_FILE")
local want_env = os.getenv("MCPLINT_WANT") or ""
local timeout = tonumber(os.getenv("MCPLINT_TIMEOUT_MS") or "60000")
if not gopls or not file then
  fail("MCPLINT_GOPLS and MCPLINT_FILE must be set")
  return
end
local want = {}
for line in want_env:gmatch("[^\n]+") do
  local source, text = line:match("^([^\t]*)\t(.*)$")
  if source then
    table.insert(want, { source = source, text = text })
  else
    table.insert(want, { text = line })
  end
end

local v = vim.version()
out(string.format("nvim %d.%d.%d", v.major, v.minor, v.patch))

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local root = vim.fn.fnamemodify(file, ":p:h")
while root ~= "/" and vim.fn.filereadable(root .. "/go.mod") == 0 do
  root = vim.fn.fnamemodify(root, ":h")
end

local config = {
  name = "gopls-mcplint",
  cmd = { gopls },
  root_dir = root,
  -- Report only what the server sends; no log noise on stdout.
  on_error = function(code, err)
    out("LSP client error: " .. tostring(code) .. " " .. vim.inspect(err))
  end,
}

local client_id
if vim.lsp.start then
  out("attaching with vim.lsp.start")
  client_id = vim.lsp.start(config, { bufnr = buf })
else
  out("attaching with vim.lsp.start_client + vim.lsp.buf_attach_client")
  client_id = vim.lsp.start_client(config)
  if client_id then
    vim.lsp.buf_attach_client(buf, client_id)
  end
end
if not client_id then
  fail("could not start " .. gopls)
  return
end

local function missing()
  local diags = vim.diagnostic.get(buf)
  local m = {}
  for _, w in ipairs(want) do
    local ok = false
    for _, d in ipairs(diags) do
      if d.message:find(w.text, 1, true) and (w.source == nil or d.source == w.source) then
        ok = true
        break
      end
    end
    if not ok then
      table.insert(m, w)
    end
  end
  return m, diags
end

local start = vim.loop.hrtime()
vim.wait(timeout, function()
  return #missing() == 0
end, 100)
local m, diags = missing()
out(string.format("after %.1f s, %d diagnostics:", (vim.loop.hrtime() - start) / 1e9, #diags))
for _, d in ipairs(diags) do
  out(string.format("  %s:%d:%d: [%s] %s", vim.fn.fnamemodify(file, ":t"), d.lnum + 1, d.col + 1,
    tostring(d.source), d.message))
end

local client = vim.lsp.get_client_by_id(client_id)
if client then
  client.stop()
end

if #m > 0 then
  for _, w in ipairs(m) do
    out("missing: [" .. tostring(w.source) .. "] " .. w.text)
  end
  fail(string.format("%d of %d expected diagnostics missing after %d ms", #m, #want, timeout))
  return
end
out("ok: all " .. #want .. " expected diagnostics")
vim.cmd("qall!")
