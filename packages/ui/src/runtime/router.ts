// The shop's one router, for the shell and every remote. Remotes import these from @pl/ui (a Module
// Federation singleton), never from react-router itself: the router's context must be the
// shell's, and only the parts named here reach a browser (a shared package is sent whole,
// unused exports and all; react-router's was a fifth of the first view's JavaScript).
export { BrowserRouter, Link, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
